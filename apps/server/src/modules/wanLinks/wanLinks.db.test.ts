import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { RoleName } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkZabbix } from '../../integrations/zabbix/zabbix.client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, pushWan, setDeviceToken, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import type { EventRow, LinkRow } from './wanLinks.repository.ts';
import { createWanLinksRepository } from './wanLinks.repository.ts';
import { createHistoryPruning } from './wanLinks.retention.ts';
import { REPORT_REFRESH_MS } from './wanLinks.service.ts';

const MIN = 60_000;
const H = 60 * MIN;
/** A Wednesday at 03:00 in Vietnam: the tests' clock, moved by hand. */
const T0 = Date.UTC(2026, 4, 5, 20, 0);
const TOKEN = 'router-token-0123456789';

type Json = Record<string, unknown>;

describe.each(drivers)('the customer report on %s', (driver) => {
  let t: TestApp;
  let clock = T0;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver, { now: () => clock, metricsToken: 'scrape-me' });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await setDeviceToken(t, admin, TOKEN);
  });
  afterAll(() => t.close());

  /** A router's push (null: without a token). */
  const push = (body: Json, token: string | null = TOKEN) => pushWan(t, token, body);
  const get = async (url: string, headers = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rowOf = async (sitename: string) =>
    (await get('/it4u/customer_info')).find((r: Json) => r.sitename === sitename) as Json | undefined;
  /** How many sites of that name are stored (read from the table, not the report's copy). */
  const stored = async (sitename: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from customer_sites where sitename = ${sitename}`),
    )[0]?.n;
  const idOf = async (sitename: string) =>
    rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from customer_sites where sitename = ${sitename}`),
    )[0]?.id;
  const eventsOf = async (sitename: string) =>
    rowsOf<{ wan: number; state: string }>(
      await t.database.db.execute(sql`select e.wan, e.state from wan_events e
        join customer_sites s on s.id = e.site_id where s.sitename = ${sitename} order by e.wan, e.at`),
    );

  it('takes a push only with the device token, and stores nothing otherwise', async () => {
    const body = { sitename: 'Không token', wan1Provider: 'VNPT', wan1Ip: '14.160.1.2', wan1Status: 1 };
    for (const token of [null, 'wrong-token', `${TOKEN}x`]) {
      const res = await push(body, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('deviceTokenInvalid');
    }
    expect(await rowOf('Không token')).toBeUndefined();
    expect(await stored('Không token')).toBe(0);
  });

  it('asks for the token before it reads the body: no token and a bad body is 401, saying nothing of the body', async () => {
    const bad: Json[] = [
      { sitename: 'Không token 2', wan1Provider: 'VNPT', wan1Status: 7 },
      { sitename: '', extra: true },
      { sitename: 'Không token 2', wan2Provider: 'FPT' },
    ];
    for (const token of [null, 'wrong-token']) {
      for (const body of bad) {
        const res = await push(body, token);
        expect(res.statusCode, JSON.stringify(body)).toBe(401);
        expect(res.json().code).toBe('deviceTokenInvalid');
        expect(res.json().details).toBeUndefined();
      }
      // nor is a body over the limit read, nor one that is not JSON
      const big = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/customer_info',
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        payload: { sitename: 'x'.repeat(20_000) },
      });
      expect(big.statusCode).toBe(401);
      const garbled = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/customer_info',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        payload: '{"sitename": ',
      });
      expect(garbled.statusCode).toBe(401);
    }
    expect(await stored('Không token 2')).toBe(0);
    // with the token, the same bodies are told what is wrong with them
    expect((await push(bad[0] as Json)).statusCode).toBe(400);
  });

  it('refuses a bad field with 400 naming it, converting nothing', async () => {
    const cases: [Json, string][] = [
      [{ sitename: 'X', wan1Provider: 'VNPT', wan1Status: 2 }, 'wan1Status'],
      [{ sitename: 'X', wan1Provider: 'VNPT', wan1Status: '1' }, 'wan1Status'],
      [{ sitename: 'X', wan1Provider: 'VNPT', wan1Status: 1, wan1Uptime: -5 }, 'wan1Uptime'],
      [{ sitename: 'X', wan1Provider: 'VNPT', wan1Status: 1, wan1Ip: '300.1.1.1' }, 'wan1Ip'],
      [{ sitename: '' }, 'sitename'],
      [{ sitename: 'X', wan2Provider: 'Viettel', wan2Ip: '27.72.1.1' }, 'wan2Status'],
      [{ sitename: 'X', uptimeLb: 1.5 }, 'uptimeLb'],
    ];
    for (const [body, field] of cases) {
      const res = await push(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await rowOf('X')).toBeUndefined();
  });

  it('keeps a site that is not in the site names, flagged; a known one with its short name', async () => {
    await createSitesRepository(t.database.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    const known = await push({
      sitename: 'Khách sạn Hoa Mai',
      groupClient: 'FTTH',
      wan1Provider: 'VNPT',
      wan1Status: 1,
    });
    expect(known.json()).toEqual({ sitename: 'Khách sạn Hoa Mai', known: true, changes: 1 });
    const unknown = await push({ sitename: 'Quán lạ', groupClient: 'FTTH', wan1Provider: 'FPT', wan1Status: 0 });
    expect(unknown.json()).toMatchObject({ known: false });
    // the report's copy made a moment ago (the tests before) is given: the pushes are not in it yet
    expect(await rowOf('Khách sạn Hoa Mai')).toBeUndefined();
    // past its refresh time it is still given at once, while the next is made behind it ...
    clock += REPORT_REFRESH_MS + 5_000;
    expect(await rowOf('Khách sạn Hoa Mai')).toBeUndefined();
    // ... which the readers after get
    await expect.poll(() => rowOf('Khách sạn Hoa Mai')).toMatchObject({ known: true, idname: 'hoamai01', down: false });
    expect(await rowOf('Quán lạ')).toMatchObject({ known: false, idname: null, wan1Status: 0, down: true });
    // a copy older than two minutes is never given: its reader waits for a new one
    await push({ sitename: 'Quán lạ', groupClient: 'FTTH', wan1Provider: 'FPT', wan1Status: 1 });
    clock += 2 * MIN;
    expect(await rowOf('Quán lạ')).toMatchObject({ wan1Status: 1, down: false });
  });

  it('keeps only changes: up 20 h, down 2 h, silent 2 h is 90.9 % over the day, one flap, four history lines', async () => {
    const site = 'Cafe Sài Gòn';
    const at = (minutes: number, status: 0 | 1) => {
      clock = T0 + minutes * MIN;
      return push({
        sitename: site,
        groupClient: 'Leased',
        wan1Provider: 'Viettel',
        wan1Ip: '27.72.10.20',
        wan1Status: status,
        wan1Uptime: minutes * 60,
        uptimeLb: 86_400,
      });
    };
    // up from 0 to 20 h (a push every 10 minutes), down from 20 h; the last push at 21 h 48, then silence
    for (let m = 0; m < 20 * 60; m += 10) expect((await at(m, 1)).statusCode).toBe(200);
    for (let m = 20 * 60; m <= 21 * 60 + 48; m += 6) await at(m, 0);
    expect(await eventsOf(site)).toEqual([
      { wan: 1, state: 'up' },
      { wan: 1, state: 'down' },
    ]);
    // 13 minutes later: stale, its link unknown (not down)
    clock = T0 + (21 * 60 + 48 + 13) * MIN;
    expect(await rowOf(site)).toMatchObject({ stale: true, wan1Status: null, down: false, uptimeLb: null });
    // it comes back up at 24 h: the silence is unknown from 22 h
    await at(24 * 60, 1);
    expect((await eventsOf(site)).map((e) => e.state)).toEqual(['up', 'down', 'unknown', 'up']);
    const row = await rowOf(site);
    expect(row).toMatchObject({ stale: false, wan1Status: 1, wan1Uptime: 86_400, lastPush: T0 + 24 * H });
    const detail = await get(`/it4u/${row?.id}/customer_info`);
    const [link] = detail.links;
    expect(link).toMatchObject({ wan: 1, provider: 'Viettel', state: 'up', flaps: 1, since: T0 + 24 * H });
    expect(link.availability.day).toBeCloseTo(90.909, 2);
    expect(link.timeline.day).toEqual([
      { from: T0, to: T0 + 20 * H, state: 'up' },
      { from: T0 + 20 * H, to: T0 + 22 * H, state: 'down' },
      { from: T0 + 22 * H, to: T0 + 24 * H, state: 'unknown' },
    ]);
    // the week: nothing known before the first push
    expect(link.timeline.week[0]).toEqual({ from: T0 + 24 * H - 7 * 24 * H, to: T0, state: 'unknown' });
    expect(link.availability.week).toBeCloseTo(90.909, 2);
  });

  it('counts a drop in the 24 hours from its first instant, and not one a millisecond before', async () => {
    const site = 'Cửa hàng Biên';
    const a = T0 + 24 * H + 10 * MIN;
    const at = (t: number, status: 0 | 1) => {
      clock = t;
      return push({
        sitename: site,
        groupClient: 'Leased',
        wan1Provider: 'CMC',
        wan1Ip: '118.1.1.1',
        wan1Status: status,
      });
    };
    await at(a, 1);
    await at(a + 4 * MIN, 0);
    await at(a + 8 * MIN, 1);
    const id = await idOf(site);
    // the drop at a + 4 min: inside the 24 hours that start then, outside those that start a millisecond later
    clock = a + 4 * MIN + 24 * H;
    expect((await get(`/it4u/${id}/customer_info`)).links[0]).toMatchObject({ wan: 1, flaps: 1 });
    clock += 1;
    expect((await get(`/it4u/${id}/customer_info`)).links[0]).toMatchObject({ wan: 1, flaps: 0 });
  });

  it('records a change of provider or address, and a link that is gone; serves the groups and the filter', async () => {
    clock = T0 + 30 * H;
    const site = 'Văn phòng Quận 1';
    const base = { sitename: site, groupClient: 'FTTH', wan1Provider: 'VNPT', wan1Ip: '14.1.1.1', wan1Status: 1 };
    await push({ ...base, wan2Provider: 'CMC', wan2Ip: '118.69.1.1', wan2Status: 1 });
    clock += 4 * MIN;
    await push({ ...base, wan1Ip: '14.1.1.2', wan2Provider: 'CMC', wan2Ip: '118.69.1.1', wan2Status: 1 });
    clock += 4 * MIN;
    await push({ ...base, wan1Ip: '14.1.1.2', wan2Provider: 'NONE' });
    // a push without its service group keeps the site's, and changes nothing else
    const { groupClient: _, ...noGroup } = base;
    expect((await push({ ...noGroup, wan1Ip: '14.1.1.2' })).json()).toMatchObject({ changes: 0 });
    expect(await eventsOf(site)).toEqual([
      { wan: 1, state: 'up' },
      { wan: 1, state: 'up' },
      { wan: 2, state: 'up' },
      { wan: 2, state: 'unknown' },
    ]);
    expect(await rowOf(site)).toMatchObject({ wan1Ip: '14.1.1.2', wan2Provider: '', wan2Status: null });
    expect(await get(`/it4u/${site}/devicesInfo`)).toEqual([{ name: 'VNPT', value: '14.1.1.2' }]);
    expect(await get('/it4u/hoamai01/devicesInfo')).toEqual([]);
    expect(await get('/it4u/group')).toEqual([{ groupName: 'FTTH' }, { groupName: 'Leased' }]);
    const ftth = await get('/it4u/customer_info/FTTH');
    expect(ftth.map((r: Json) => r.sitename).sort()).toEqual(['Khách sạn Hoa Mai', 'Quán lạ', site].sort());
    // gzipped to a client that takes it, the same report
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/v1/it4u/customer_info/FTTH',
      headers: { ...admin, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(ftth);
    expect((await get('/it4u/customer_info/ALL')).length).toBeGreaterThanOrEqual(4);
    expect(await get('/it4u/customer_info/Nothing')).toEqual([]);
  });

  it('lets staff read, the managing roles add and delete, and a customer nothing', async () => {
    const as = async (roles: RoleName[]) =>
      (await tokenFor(t, roles, roles.includes('ROLE_KH') ? { type: 'Client' } : {})).headers;
    const kh = await as(['ROLE_KH']);
    const cskh = await as(['ROLE_CSKH']);
    const kt = await as(['ROLE_KT']);
    const manager = await as(['ROLE_MANAGER']);
    const leadKd = await as(['ROLE_LEAD_KD']);
    const one = (await rowOf('Quán lạ'))?.id;
    expect(one).toBeTypeOf('number');
    const reads = [
      '/it4u/customer_info',
      '/it4u/customer_info/ALL',
      '/it4u/group',
      '/it4u/x/devicesInfo',
      `/it4u/${one}/customer_info`,
      '/it4u/cookiesZabbix',
    ];
    const status = async (url: string, headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })).statusCode;
    for (const url of reads) {
      expect(await status(url, kh), `customer ${url}`).toBe(403);
      for (const [who, headers] of [
        ['CSKH', cskh],
        ['MANAGER', manager],
        ['LEAD_KD', leadKd],
        ['KT', kt],
      ] as const) {
        expect(await status(url, headers), `${who} ${url}`).toBe(200);
      }
    }
    // a customer sees no site's history, and the office roles add and delete nothing
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/it4u/${one}/customer_info`, headers: kh })).body,
    ).not.toContain('Quán lạ');
    const add = (headers: Record<string, string>, sitename: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/customerSite',
        headers,
        payload: { sitename, groupClient: 'FTTH' },
      });
    for (const office of [cskh, manager, leadKd]) expect((await add(office, 'Nhà hàng Biển')).statusCode).toBe(403);
    expect(await stored('Nhà hàng Biển')).toBe(0);
    const made = await add(kt, 'Nhà hàng Biển');
    expect(made.statusCode).toBe(201);
    // registered by hand: no push yet, nothing known
    expect(made.json()).toMatchObject({ sitename: 'Nhà hàng Biển', lastPush: null, stale: true, wan1Status: null });
    expect((await add(kt, 'Nhà hàng Biển')).json().code).toBe('customerSiteTaken');
    const id = made.json().id;
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/it4u/${id}/customer_info`, headers });
    for (const office of [cskh, manager, leadKd, kh]) expect((await del(office)).statusCode).toBe(403);
    expect((await del(kt)).statusCode).toBe(200);
    expect((await del(kt)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/it4u/${id}/customer_info`, headers: kt })).statusCode,
    ).toBe(404);
  });

  it('says each link to Prometheus (1 up, 0 down, NaN unknown) and the age of each push, behind its token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    const scrape = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer scrape-me' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return parsed(res.body);
    };
    // a site with one link up and one down
    await push({
      sitename: 'Tiệm Bánh',
      groupClient: 'Leased',
      wan1Provider: 'VNPT',
      wan1Ip: '14.2.2.2',
      wan1Status: 1,
      wan2Provider: 'FPT',
      wan2Ip: '42.2.2.2',
      wan2Status: 0,
    });
    // a site added here drops the report's copy after that push: whatever makes the next copy (a reader, or the
    // background job every few seconds), it is begun after both
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/customerSite',
      headers: admin,
      payload: { sitename: 'Nhà hàng Núi', groupClient: 'FTTH' },
    });
    expect(added.statusCode).toBe(201);
    let m = await scrape();
    expect(m.status('Văn phòng Quận 1', '1')).toBe('1');
    expect(m.status('Tiệm Bánh', '1')).toBe('1');
    expect(m.status('Tiệm Bánh', '2')).toBe('0');
    expect(m.labels('Tiệm Bánh', '2')).toEqual({ site: 'Tiệm Bánh', group: 'Leased', wan: '2', provider: 'FPT' });
    // a link no longer reported is not listed; a stale site's links are NaN
    expect(m.status('Văn phòng Quận 1', '2')).toBeUndefined();
    expect(Number(m.status('Quán lạ', '1'))).toBeNaN(); // pushed 30 h ago: stale
    expect(Number(m.age('Văn phòng Quận 1'))).toBe(0);
    expect(Number(m.age('Nhà hàng Núi'))).toBeNaN(); // registered by hand: no push yet
    expect(m.families.some((f) => f.name === 'it4u_process_cpu_seconds_total')).toBe(true);
    expect(m.family('it4u_http_request_duration_seconds').length).toBeGreaterThan(0);

    // the gauges say the latest state at the scrape, not the report's copy (some seconds behind): the report read
    // now, then a link goes down and the pushes stop for a minute and a half
    expect(await rowOf('Tiệm Bánh')).toMatchObject({ wan1Status: 1 });
    await push({
      sitename: 'Tiệm Bánh',
      wan1Provider: 'VNPT',
      wan1Ip: '14.2.2.2',
      wan1Status: 0,
      wan2Provider: 'FPT',
      wan2Ip: '42.2.2.2',
      wan2Status: 0,
    });
    // the copy, made before (read before the clock moves: a copy 15 s old is made anew in the background)
    expect(await rowOf('Tiệm Bánh')).toMatchObject({ wan1Status: 1, pushAge: 0 });
    clock += 90_000;
    m = await scrape();
    expect(m.status('Tiệm Bánh', '1')).toBe('0');
    expect(Number(m.age('Tiệm Bánh'))).toBe(90);
    // 12 minutes without a push: unknown
    clock += 11 * MIN;
    m = await scrape();
    expect(Number(m.status('Tiệm Bánh', '1'))).toBeNaN();
    expect(Number(m.age('Tiệm Bánh'))).toBe(90 + 11 * 60);
  });

  it('prunes the history older than 405 days, keeping the change each link was in then, once across instances', async () => {
    const D = 24 * H;
    // the other tests' history starts at T0, after the cutoff: only these sites' goes
    const now = T0 + 30 * D;
    clock = now;
    const wanLinks = createWanLinksRepository(t.database.db);
    const line = (wan: number, daysAgo: number, state: 'up' | 'down') => ({
      wan,
      at: new Date(now - daysAgo * D),
      state,
      provider: 'VNPT',
      ip: '14.9.9.9',
    });
    const link = (wan: number, up: boolean, daysAgo: number) => ({
      wan,
      provider: 'VNPT',
      ip: '14.9.9.9',
      up,
      uptime: null,
      since: new Date(now - daysAgo * D),
    });
    const seed = (sitename: string, links: LinkRow[], events: EventRow[]) =>
      wanLinks.seed({ sitename, groupName: 'Leased', uptimeLb: null, lastPushAt: new Date(now - MIN) }, links, events);
    // WAN 1 changed 430, 410, 406, 20 and 10 days ago; WAN 2 last changed 420 days ago (up since)
    await seed(
      'Lưu trữ A',
      [link(1, true, 10), link(2, true, 420)],
      [
        line(1, 430, 'up'),
        line(1, 410, 'down'),
        line(1, 406, 'up'),
        line(1, 20, 'down'),
        line(1, 10, 'up'),
        line(2, 420, 'up'),
      ],
    );
    // a site whose changes are all older: its last one stays
    await seed('Lưu trữ B', [link(1, false, 499)], [line(1, 500, 'up'), line(1, 499, 'down')]);
    const days = async (sitename: string) =>
      rowsOf<{ wan: number; at: string | Date }>(
        await t.database.db.execute(sql`select e.wan, e.at from wan_events e join customer_sites s on s.id = e.site_id
          where s.sitename = ${sitename} order by e.wan, e.at`),
      ).map((r) => [r.wan, Math.round((now - new Date(r.at).getTime()) / D)]);
    const a = await idOf('Lưu trữ A');
    const before = await get(`/it4u/${a}/customer_info`);

    const pruning = createHistoryPruning({ wanLinks, now: () => now });
    // another instance pruning (holding the lock): this one leaves it to it
    const pool = t.database.pool;
    if (pool) {
      const other = await pool.connect();
      try {
        await other.query('select pg_advisory_lock(7113035)');
        expect(await pruning.run()).toBe(0);
        expect(await days('Lưu trữ B')).toEqual([
          [1, 500],
          [1, 499],
        ]);
      } finally {
        await other.query('select pg_advisory_unlock(7113035)');
        other.release();
      }
    }
    expect(await pruning.run()).toBe(3);
    expect(await days('Lưu trữ A')).toEqual([
      [1, 406],
      [1, 20],
      [1, 10],
      [2, 420],
    ]);
    expect(await days('Lưu trữ B')).toEqual([[1, 499]]);
    // the windows read the same: the 30 days start in the state of 406 days ago
    const after = await get(`/it4u/${a}/customer_info`);
    expect(after.links).toEqual(before.links);
    expect(after.links[0].availability.month).toBeCloseTo((100 * 20) / 30, 6);
    expect(after.links[1].timeline.month).toEqual([{ from: now - 30 * D, to: now, state: 'up' }]);
    // again: nothing more goes
    expect(await pruning.run()).toBe(0);
  });
});

type Family = { name: string; metrics: { value: string; labels?: Record<string, string> }[] };

/** The metrics' text read by a Prometheus text parser, and the WAN gauges' values. */
function parsed(body: string) {
  const families = parsePrometheus(body) as Family[];
  const family = (name: string) => families.find((f) => f.name === name)?.metrics ?? [];
  const link = (site: string, wan: string) =>
    family('it4u_wan_link_status').find((m) => m.labels?.site === site && m.labels?.wan === wan);
  return {
    families,
    family,
    labels: (site: string, wan: string) => link(site, wan)?.labels,
    status: (site: string, wan: string) => link(site, wan)?.value,
    age: (site: string) => family('it4u_wan_push_age_seconds').find((m) => m.labels?.site === site)?.value,
  };
}

describe.each(drivers)('the metrics without METRICS_TOKEN, on %s', (driver) => {
  it('answer a scraper on this machine (none is generated yet: plugins/metrics.test.ts)', async () => {
    const t = await createTestApp(driver, { now: () => T0 });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const m = parsed(res.body);
      expect(m.families.some((f) => f.name === 'it4u_process_cpu_seconds_total')).toBe(true);
      expect(res.body).toContain('# TYPE it4u_wan_link_status gauge');
    } finally {
      await t.close();
    }
  });
});

describe('the Zabbix check', () => {
  let server: Server;
  let url = '';
  const logins: string[] = [];
  beforeAll(async () => {
    // a Zabbix API of 6.4: JSON-RPC 2.0, the session as a bearer token
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const call = JSON.parse(body) as { method: string; params: Json; id: number };
        const answer = (result: unknown) => res.end(JSON.stringify({ jsonrpc: '2.0', result, id: call.id }));
        if (call.method === 'apiinfo.version') return answer('6.4.10');
        if (call.method === 'user.login') {
          logins.push(String(call.params.username));
          if (call.params.username === 'console' && call.params.password === 'zbx-pass')
            return answer('0424bd59b807674191e7d77572075f33');
          return res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: {
                code: -32602,
                message: 'Invalid params.',
                data: 'Incorrect user name or password or account is temporarily blocked.',
              },
              id: call.id,
            }),
          );
        }
        if (call.method === 'user.logout' && req.headers.authorization === 'Bearer 0424bd59b807674191e7d77572075f33')
          return answer(true);
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32602, message: 'Not authorised.' }, id: call.id }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('says when none is configured, when it accepts the console, and why not when it refuses it', async () => {
    const t = await createTestApp('pglite', { zabbix: { url, username: 'console', password: 'zbx-pass' } });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/it4u/cookiesZabbix',
        headers: (await tokenFor(t, ['ROLE_KT'])).headers,
      });
      expect(res.json()).toMatchObject({
        configured: true,
        ok: true,
        version: '6.4.10',
        message: 'Zabbix 6.4.10 accepts the console.',
      });
    } finally {
      await t.close();
    }
    expect(await checkZabbix(undefined)).toMatchObject({ configured: false, ok: false, code: 'zabbixNotConfigured' });
    const refused = await checkZabbix({ url: `${url}/api_jsonrpc.php`, username: 'console', password: 'wrong' });
    expect(refused).toMatchObject({ configured: true, ok: false, code: 'zabbixRefused', version: '6.4.10' });
    expect(refused.message).toContain('Incorrect user name or password');
    expect(logins).toEqual(['console', 'console']);
    const down = await checkZabbix({ url: 'http://127.0.0.1:9', username: 'console', password: 'zbx-pass' });
    expect(down).toMatchObject({ configured: true, ok: false, code: 'zabbixRefused' });
  });
});
