import { describe, expect, it } from 'vitest';
import { tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, simCases, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(simCases)('dashboards through the demo controller on %s at %s in Vietnam', (driver, clock) => {
  const { suite, call } = useControllerApp(driver, clock);
  const now = SIM_CLOCKS[clock];
  const today = { start: now - ((now + 7 * HOUR) % DAY), end: now };

  it("draws today's clients and traffic per 5 minutes, with their max, min and average", async () => {
    const series = (await call('POST', '/it4u/default/5MinutesClient', today)).json();
    expect(series.clampedFrom).toBeNull();
    expect(series.points.length).toBeGreaterThan(0);
    for (const p of series.points) {
      expect(p.time % (5 * 60_000)).toBe(0);
      expect(p.time).toBeGreaterThanOrEqual(today.start);
      expect(p.clients).toBeGreaterThanOrEqual(0);
    }
    const last = series.points.at(-1);
    const sum = series.points.reduce((s: number, p: { trafficGb: number }) => s + p.trafficGb, 0);
    expect(last.cumulativeGb).toBeCloseTo(sum, 1);
    // somebody is online at any hour (the demo's always-on devices)
    expect(Math.max(...series.points.map((p: { clients: number }) => p.clients))).toBeGreaterThan(0);

    const stats = (await call('POST', '/it4u/default/getTimeMinute', today)).json();
    expect(stats.slots).toBe(series.points.length);
    expect(stats.clients.max).toBe(Math.max(...series.points.map((p: { clients: number }) => p.clients)));
    expect(stats.clients.min).toBeLessThanOrEqual(stats.clients.average);
  });

  it('cuts a month of 5-minute slots at what the controller keeps, and says from when', async () => {
    const month = (await call('POST', '/it4u/default/5MinutesClient', { start: now - 30 * DAY, end: now })).json();
    expect(month.clampedFrom).toBeGreaterThan(now - 30 * DAY);
    expect(month.points[0].time).toBeGreaterThanOrEqual(month.clampedFrom);
    const daily = (await call('POST', '/it4u/default/dailyClient', { start: now - 30 * DAY, end: now })).json();
    expect(daily.clampedFrom).toBeNull();
    expect(daily.points.length).toBeGreaterThanOrEqual(29);
  });

  it('answers the bandwidth monitor (Mbps per hour) and history (GB per day), and the access points', async () => {
    const rates = (await call('POST', '/it4u/default/getNetworkRates', { start: now - DAY, end: now })).json();
    expect(rates.points.length).toBeGreaterThanOrEqual(23);
    expect(rates.points.some((p: { downMbps: number }) => p.downMbps > 0)).toBe(true);
    const history = (await call('POST', '/it4u/default/getTrafficHistory', { start: now - 7 * DAY, end: now })).json();
    expect(history.points.length).toBeGreaterThanOrEqual(6);
    const aps = (await call('POST', '/it4u/default/stat/device/')).json();
    expect(aps.connected + aps.disconnected).toBe(aps.accessPoints.length);
    expect(aps.accessPoints[0]).toMatchObject({ name: expect.any(String), connected: expect.any(Boolean) });
  });

  it('counts the hotspot guests of 30 days, new and returning, and their sessions per day', async () => {
    const start = now - 30 * DAY;
    const guests = (await call('POST', `/it4u/default/hotspot/${start}/${now}`)).json();
    expect(guests.newGuests + guests.returningGuests).toBeGreaterThan(0);
    const sessions = (await call('POST', `/it4u/default/detail/hotspot/${now - 7 * DAY}/${now}`)).json();
    expect(sessions.days.length).toBeGreaterThanOrEqual(7);
    expect(sessions.days.reduce((s: number, d: { sessions: number }) => s + d.sessions, 0)).toBeGreaterThan(0);
  });

  it('reads each report of a site once per refresh window, however many watch', async () => {
    const before = suite.sim.sim.callsFor('POST', '/api/s/{site}/stat/report/hourly.site', 'default');
    const range = { start: now - 2 * DAY + 123, end: now - 456 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/it4u/default/hourlyClient', range)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await call('POST', '/it4u/default/getTimeHourly', range);
    expect(suite.sim.sim.callsFor('POST', '/api/s/{site}/stat/report/hourly.site', 'default') - before).toBe(1);
  });

  it('counts the sites by the health of their wifi, and lists the access points down this week', async () => {
    const overview = (await call('GET', '/it4u/dashboard/overview')).json();
    const { ok, warning, error, unknown } = overview.sites;
    const sites = (await call('GET', '/it4u/getSitename/')).json();
    expect(ok + warning + error + unknown).toBe(sites.length);
    expect(overview.warnings.length).toBe(warning);
    expect(overview.errors.length).toBe(error);
    for (const d of overview.disconnections) expect(d.lastSeen).toBeGreaterThanOrEqual(now - 7 * DAY);
  });

  it('refuses a reversed range, and keeps a customer to their own sites and away from the segments', async () => {
    const reversed = await call('POST', '/it4u/default/hourlyClient', { start: now, end: now - HOUR });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('rangeReversed');
    const own = await createSitesRepository(suite.t.database.db).insert({ sitename: 'Của tôi', idname: 'mine02' });
    const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
    expect((await call('POST', '/it4u/default/dailyClient', today, kh)).statusCode).toBe(403);
    expect((await call('POST', `/it4u/default/hotspot/${today.start}/${now}`, undefined, kh)).statusCode).toBe(403);
    expect((await call('POST', '/it4u/segments/client', undefined, kh)).statusCode).toBe(403);
    const overview = (await call('GET', '/it4u/dashboard/overview', undefined, kh)).json();
    const { ok, warning, error, unknown } = overview.sites;
    expect(ok + warning + error + unknown).toBe(1);
    expect((await call('POST', '/it4u/segments/client')).statusCode).toBe(200);
  });
});
