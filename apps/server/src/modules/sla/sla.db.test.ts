import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createWanLinksRepository } from '../wanLinks/wanLinks.repository.ts';
import { H, vn, vnpt } from './sla.fixture.ts';

/** The clock: 5 November 2026, 10:00 in Vietnam. */
const NOW = vn('2026-11-05T10:00');
const OCTOBER = { from: vn('2026-10-01T00:00'), to: vn('2026-11-01T00:00') };

describe.each(drivers)("providers' availability on %s", (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let contractId: number;
  let packId: number;
  let channelId: number;
  const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: admin, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  beforeAll(async () => {
    t = await createTestApp(driver, { now: () => NOW });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    // Hoa Mai is a customer of the register, whose leased VNPT channel's pack promises 99.5 % in business hours
    await createSitesRepository(t.database.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    contractId = (
      await ok('POST', '/it4u/contracts', {
        numContract: 'HD-HM-1',
        clientName: 'Khách sạn Hoa Mai',
        sitename: ['hoamai01'],
      })
    ).id;
    await ok('POST', '/it4u/channel/name', { name: 'VNPT' });
    const pack = await ok('POST', '/it4u/channel/value', {
      servicePack: 'FTTH Doanh nghiệp',
      channelName: { name: 'VNPT' },
      availabilityTarget: 99.5,
      countedHours: 'business',
    });
    expect(pack).toMatchObject({ availabilityTarget: 99.5, countedHours: 'business' });
    packId = pack.id;
    const channel = await ok('POST', '/it4u/channel/attribute', { name: 'Kênh Hoa Mai', channelValueId: packId });
    channelId = channel.id;
    await ok('POST', '/it4u/channel/detail', { channelAttributeId: channel.id, contractId });
    const wanLinks = createWanLinksRepository(t.database.db);
    const link = (wan: number, provider: string) => ({
      wan,
      provider,
      ip: '14.160.1.2',
      up: true,
      uptime: null,
      since: new Date(vn('2026-11-01T03:00')),
    });
    // Hoa Mai: WAN 1 through VNPT, as worked out by hand; WAN 2 through Viettel, up since August
    await wanLinks.seed(
      { sitename: 'Khách sạn Hoa Mai', groupName: 'Leased', uptimeLb: null, lastPushAt: new Date(NOW - 60_000) },
      [link(1, 'VNPT'), link(2, 'Viettel')],
      [
        ...vnpt.map((c) => ({ wan: 1, at: new Date(c.at), state: c.state, provider: c.provider, ip: '14.160.1.2' })),
        { wan: 2, at: new Date(vn('2026-08-01T00:00')), state: 'up', provider: 'Viettel', ip: '27.72.1.2' },
      ],
    );
    // Biển Xanh: one VNPT link whose router stopped pushing at 12:00 on 30 October (known until the stale delay)
    await wanLinks.seed(
      {
        sitename: 'Quán Biển Xanh',
        groupName: 'Leased',
        uptimeLb: null,
        lastPushAt: new Date(vn('2026-10-30T12:00') - 12 * 60_000),
      },
      [link(1, 'VNPT')],
      [{ wan: 1, at: new Date(vn('2026-07-01T00:00')), state: 'up', provider: 'VNPT', ip: '14.160.9.9' }],
    );
  });
  afterAll(() => t.close());

  const sla = (query: string, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/it4u/sla?${query}`, headers });

  it("measures October per provider, per customer and per link as worked out by hand, in Vietnam's month", async () => {
    const res = await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ from: OCTOBER.from, to: OCTOBER.to, hours: 'all' });
    expect(report.links.map((l: { sitename: string; wan: number }) => `${l.sitename} ${l.wan}`)).toEqual([
      'Khách sạn Hoa Mai 1',
      'Khách sạn Hoa Mai 2',
      'Quán Biển Xanh 1',
    ]);
    expect(report.links[0].figures).toMatchObject({
      upMs: 712.5 * H,
      downMs: 7.5 * H,
      unknownMs: 24 * H,
      outages: 4,
      longestOutageMs: 2.5 * H,
    });
    // Biển Xanh's router silent from 12:00 on the 30th: 36 hours unknown, not down
    expect(report.links[2].figures).toMatchObject({ upMs: 708 * H, downMs: 0, unknownMs: 36 * H, availability: 100 });
    const vnptRow = report.providers.find((p: { provider: string }) => p.provider === 'VNPT');
    expect(vnptRow).toMatchObject({
      links: 2,
      figures: { upMs: 1420.5 * H, downMs: 7.5 * H, unknownMs: 60 * H, outages: 4, mttrMs: (7.5 * H) / 4 },
    });
    expect(vnptRow.figures.availability).toBeCloseTo((100 * 1420.5) / 1428, 8);
    expect(report.providers.map((p: { provider: string }) => p.provider)).toEqual(['Viettel', 'VNPT']);
    expect(report.providers[0]).toMatchObject({ links: 1, figures: { upMs: 744 * H, availability: 100 } });
    // Hoa Mai's VNPT link against its contract: 99.5 % in business hours, measured 188 of 189 hours up (99.47 %)
    expect(report.links[0].contract).toMatchObject({ target: 99.5, hours: 'business', breach: true });
    expect(report.links[0].contract.availability).toBeCloseTo((100 * 188) / 189, 8);
    // its Viettel link and Biển Xanh's (no customer) have no contracted figure
    expect(report.links[1].contract).toBeNull();
    expect(report.links[2].contract).toBeNull();
    expect(vnptRow.breaches).toBe(1);
    expect(report.customers).toEqual([
      expect.objectContaining({ customerId: contractId, customer: 'Khách sạn Hoa Mai', links: 2, breaches: 1 }),
      expect.objectContaining({ customerId: null, customer: null, links: 1, breaches: 0 }),
    ]);
  });

  it("keeps to a pack's changed figure, and refuses one finer than a thousandth", async () => {
    const changed = await ok('PUT', `/it4u/channel/value.${packId}`, {
      availabilityTarget: 99.4,
      countedHours: 'business',
    });
    expect(changed).toMatchObject({ servicePack: 'FTTH Doanh nghiệp', availabilityTarget: 99.4 });
    const report = (await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}`)).json();
    expect(report.links[0].contract).toMatchObject({ target: 99.4, breach: false });
    for (const [body, code] of [
      [{ availabilityTarget: 99.9995 }, 'targetTooFine'],
      [{ availabilityTarget: 100.5 }, undefined],
      [{ countedHours: 'night' }, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/it4u/channel/value.${packId}`,
        headers: admin,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (code) expect(res.json().code).toBe(code);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/channel/value.999999',
      headers: admin,
      payload: { availabilityTarget: 99 },
    });
    expect(missing.statusCode).toBe(404);
    // the figure stays as it was changed
    await ok('PUT', `/it4u/channel/value.${packId}`, { availabilityTarget: 99.5 });
  });

  it("holds a link to its channel's own figure over its pack's, and to the pack's again once it is cleared", async () => {
    const own = await ok('PUT', `/it4u/channel/attribute.${channelId}`, {
      availabilityTarget: 98.9,
      countedHours: 'all',
    });
    expect(own).toMatchObject({ availabilityTarget: 98.9, countedHours: 'all' });
    let report = (await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}`)).json();
    // all day: 712.5 of 720 known hours up (98.958 %), over 98.9 %
    expect(report.links[0].contract).toMatchObject({
      pack: 'FTTH Doanh nghiệp',
      target: 98.9,
      hours: 'all',
      breach: false,
    });
    expect(report.links[0].contract.availability).toBeCloseTo((100 * 712.5) / 720, 8);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/it4u/channel/attribute.${channelId}`,
      headers: admin,
      payload: { availabilityTarget: 98.95551 },
    });
    expect(refused.json().code).toBe('targetTooFine');
    await ok('PUT', `/it4u/channel/attribute.${channelId}`, { availabilityTarget: null, countedHours: null });
    report = (await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}`)).json();
    expect(report.links[0].contract).toMatchObject({ target: 99.5, hours: 'business', breach: true });
    expect(report.servicePacks).toEqual([
      expect.objectContaining({ provider: 'VNPT', pack: 'FTTH Doanh nghiệp', target: 99.5, links: 1, breaches: 1 }),
    ]);
  });

  it('counts business hours only when asked', async () => {
    const report = (await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}&hours=business`)).json();
    expect(report.hours).toBe('business');
    expect(report.links[0].figures).toMatchObject({ upMs: 188 * H, downMs: H, unknownMs: 9 * H, outages: 1 });
  });

  it('measures this month of Vietnam up to now when no period is given', async () => {
    const report = (await sla('hours=all')).json();
    expect(report).toMatchObject({ from: vn('2026-11-01T00:00'), to: NOW });
  });

  it('measures a period that has not ended up to now only', async () => {
    const report = (await sla(`from=${vn('2026-11-01T00:00')}&to=${vn('2026-12-01T00:00')}`)).json();
    expect(report.to).toBe(NOW);
    // Hoa Mai's WAN 1 was down until 03:00 on the 1st, then up to now
    expect(report.links[0].figures).toMatchObject({ downMs: 3 * H, upMs: NOW - vn('2026-11-01T03:00') });
  });

  it('refuses a reversed or too long range, a bad hours and a customer', async () => {
    const reversed = await sla(`from=${OCTOBER.to}&to=${OCTOBER.from}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('rangeReversed');
    const long = await sla(`from=${OCTOBER.from}&to=${OCTOBER.from + 401 * 24 * H}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'rangeTooLong', params: { days: 400 } });
    for (const query of [`from=${OCTOBER.from}&to=${OCTOBER.to}&hours=night`, `from=x&to=1`, `to=${OCTOBER.to}`]) {
      expect((await sla(query)).statusCode, query).toBe(400);
    }
    const customer = await tokenFor(t, ['ROLE_KH']);
    expect((await sla(`from=${OCTOBER.from}&to=${OCTOBER.to}`, customer.headers)).statusCode).toBe(403);
  });
});
