import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { RoleName } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkZabbix } from '../../integrations/zabbix/zabbix.client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

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
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin,
      payload: { tokenUcrm: 'ucrm', tokenDev: TOKEN },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A router's push (null: without a token). */
  const push = (body: Json, token: string | null = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/customer_info',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: body,
    });
  const get = async (url: string, headers = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rowOf = async (sitename: string) =>
    (await get('/it4u/customer_info')).find((r: Json) => r.sitename === sitename) as Json | undefined;
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
    // the report read a moment ago (the test before) is served for half a minute more; then the pushes show
    expect(await rowOf('Khách sạn Hoa Mai')).toBeUndefined();
    clock += 60_000;
    expect(await rowOf('Khách sạn Hoa Mai')).toMatchObject({ known: true, idname: 'hoamai01', down: false });
    expect(await rowOf('Quán lạ')).toMatchObject({ known: false, idname: null, wan1Status: 0, down: true });
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

  it('records a change of provider or address, and a link that is gone; serves the groups and the filter', async () => {
    clock = T0 + 30 * H;
    const site = 'Văn phòng Quận 1';
    const base = { sitename: site, groupClient: 'FTTH', wan1Provider: 'VNPT', wan1Ip: '14.1.1.1', wan1Status: 1 };
    await push({ ...base, wan2Provider: 'CMC', wan2Ip: '118.69.1.1', wan2Status: 1 });
    clock += 4 * MIN;
    await push({ ...base, wan1Ip: '14.1.1.2', wan2Provider: 'CMC', wan2Ip: '118.69.1.1', wan2Status: 1 });
    clock += 4 * MIN;
    await push({ ...base, wan1Ip: '14.1.1.2', wan2Provider: 'NONE' });
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
    for (const url of ['/it4u/customer_info', '/it4u/customer_info/ALL', '/it4u/group', '/it4u/x/devicesInfo']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: kh })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cskh })).statusCode, url).toBe(200);
    }
    const add = (headers: Record<string, string>, sitename: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/customerSite',
        headers,
        payload: { sitename, groupClient: 'FTTH' },
      });
    expect((await add(cskh, 'Nhà hàng Biển')).statusCode).toBe(403);
    const made = await add(kt, 'Nhà hàng Biển');
    expect(made.statusCode).toBe(201);
    // registered by hand: no push yet, nothing known
    expect(made.json()).toMatchObject({ sitename: 'Nhà hàng Biển', lastPush: null, stale: true, wan1Status: null });
    expect((await add(kt, 'Nhà hàng Biển')).json().code).toBe('customerSiteTaken');
    const id = made.json().id;
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/it4u/${id}/customer_info`, headers });
    expect((await del(cskh)).statusCode).toBe(403);
    expect((await del(kt)).statusCode).toBe(200);
    expect((await del(kt)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/it4u/${id}/customer_info`, headers: kt })).statusCode,
    ).toBe(404);
  });

  it('says each link to Prometheus (1 up, 0 down, NaN unknown) and the age of each push, behind its token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = parsePrometheus(res.body) as {
      name: string;
      metrics: { value: string; labels?: Record<string, string> }[];
    }[];
    const family = (name: string) => families.find((f) => f.name === name)?.metrics ?? [];
    const status = (site: string, wan: string) =>
      family('it4u_wan_link_status').find((m) => m.labels?.site === site && m.labels?.wan === wan)?.value;
    expect(status('Văn phòng Quận 1', '1')).toBe('1');
    expect(Number(status('Quán lạ', '1'))).toBeNaN(); // pushed 30 h ago: stale
    const age = family('it4u_wan_push_age_seconds').find((m) => m.labels?.site === 'Văn phòng Quận 1')?.value;
    expect(Number(age)).toBe(0);
    expect(families.some((f) => f.name === 'it4u_process_cpu_seconds_total')).toBe(true);
    expect(family('it4u_http_request_duration_seconds').length).toBeGreaterThan(0);
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
