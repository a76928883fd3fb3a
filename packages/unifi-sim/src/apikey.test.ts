import { afterEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { TestClient } from './testing/client.ts';
import type { JsonObject } from './world.ts';

const NOW = Date.UTC(2024, 4, 2, 3, 30); // Thursday 10:30 in Vietnam
let sims: Simulator[] = [];
async function start(opts: Parameters<typeof startSimulator>[0] = {}) {
  const sim = await startSimulator({ port: 0, now: () => NOW, ...opts });
  sims.push(sim);
  return sim;
}
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

/** A Network call with an X-API-KEY header and nothing else (no cookie, no CSRF token). */
async function withKey(sim: Simulator, key: string, method: string, path: string, body?: unknown) {
  const base = sim.flavor === 'unifios' ? `${sim.url}/proxy/network` : sim.url;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as JsonObject & { data?: JsonObject[] }, headers: res.headers };
}

const voucher = { cmd: 'create-voucher', n: 2, quota: 1, expire: 60, note: 'key' };

describe('API key (UniFi OS, Network 9 and later)', () => {
  it('serves a request with the right key, writes without a CSRF token, and counts it', async () => {
    const sim = await start({ flavor: 'unifios' });
    expect(sim.apiKey).toBe('demo-api-key');
    const sta = await withKey(sim, 'demo-api-key', 'GET', '/api/s/default/stat/sta');
    expect(sta.status).toBe(200);
    expect(sta.json.meta).toEqual({ rc: 'ok' });
    expect(sta.json.data?.length).toBeGreaterThan(0);
    const made = await withKey(sim, 'demo-api-key', 'POST', '/api/s/default/cmd/hotspot', voucher);
    expect(made.status).toBe(200);
    const list = await withKey(sim, 'demo-api-key', 'GET', '/api/s/default/stat/voucher');
    expect(list.json.data?.filter((v) => v.note === 'key')).toHaveLength(2);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(1);
    expect(sim.callsFor('POST', '/api/s/{site}/cmd/hotspot')).toBe(1);
    expect(sim.callsFor('POST', '/api/auth/login')).toBe(0);
  });

  it('refuses a wrong key with 401 (counted too), and takes the key of its options', async () => {
    const sim = await start({ flavor: 'unifios', apiKey: 'k-123' });
    for (const key of ['demo-api-key', 'k-12', '']) {
      const refused = await withKey(sim, key, 'GET', '/api/self/sites');
      expect(refused.status, key).toBe(401);
      expect(refused.json).toEqual({ error: { code: 401, message: 'Unauthorized' } });
    }
    expect(sim.callsFor('GET', '/api/self/sites')).toBe(3);
    expect((await withKey(sim, 'k-123', 'GET', '/api/self/sites')).status).toBe(200);
    // a key never opens the way to an unknown site or path
    expect((await withKey(sim, 'k-123', 'GET', '/api/s/nosuch/stat/sta')).json.meta).toEqual({
      rc: 'error',
      msg: 'api.err.NoSiteContext',
    });
    expect((await withKey(sim, 'k-123', 'GET', '/api/s/default/stat/nothing')).status).toBe(404);
  });

  it('has no key when told so (apiKey ""), and none on a classic controller, which ignores the header', async () => {
    const none = await start({ flavor: 'unifios', apiKey: '' });
    expect(none.apiKey).toBe('');
    expect((await withKey(none, '', 'GET', '/api/self/sites')).status).toBe(401);

    const classic = await start({ flavor: 'classic', apiKey: 'k-123' });
    expect(classic.apiKey).toBe('');
    const refused = await withKey(classic, 'k-123', 'GET', '/api/self/sites');
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ meta: { rc: 'error', msg: 'api.err.LoginRequired' }, data: [] });
    // with a session, the header changes nothing
    const client = new TestClient(classic);
    await client.login();
    const res = await client.raw('GET', `${classic.url}/api/self/sites`, undefined, false);
    expect(res.status).toBe(200);
  });
});

describe('two-factor sign-in (twoFactor)', () => {
  it('UniFi OS refuses the password alone with 499 MFA_AUTH_REQUIRED; a wrong password is still 401', async () => {
    const sim = await start({ flavor: 'unifios', twoFactor: true });
    const answer = await new TestClient(sim).login();
    expect(answer.status).toBe(499);
    expect(answer.json).toMatchObject({ code: 'MFA_AUTH_REQUIRED', data: { required: '2fa' } });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await new TestClient(sim).login('wrong')).status).toBe(401);
    // the API key is the way in
    expect((await withKey(sim, 'demo-api-key', 'GET', '/api/self/sites')).status).toBe(200);
  });

  it('a classic controller asks for the code with api.err.Ubic2faTokenRequired', async () => {
    const sim = await start({ flavor: 'classic', twoFactor: true });
    const answer = await new TestClient(sim).login();
    expect(answer.status).toBe(400);
    expect(answer.json.meta).toEqual({ rc: 'error', msg: 'api.err.Ubic2faTokenRequired' });
    expect((answer.json.data as JsonObject[])[0].authenticators).toBeInstanceOf(Array);
  });
});

describe('several simulators in one process', () => {
  it('keep their own worlds, sessions and counters', async () => {
    const a = await start({ flavor: 'classic', seed: 1, sites: 30 });
    const b = await start({ flavor: 'unifios', seed: 2, sites: 40, apiKey: 'b-key' });
    const c = await start({ flavor: 'classic', seed: 1 });
    expect(a.state.sites).toHaveLength(30);
    expect(b.state.sites).toHaveLength(40);
    expect(c.state.sites.map((s) => s.desc)).toContain('Khách sạn Hoa Mai');
    const aNames = new Set(a.state.sites.map((s) => s.name));
    expect(b.state.sites.filter((s) => aNames.has(s.name)).map((s) => s.name)).toEqual(['default']);

    const client = new TestClient(a);
    await client.login();
    await client.data('POST', '/api/s/default/cmd/hotspot', voucher);
    const vouchersOf = async (sim: Simulator) =>
      sim.flavor === 'unifios'
        ? ((await withKey(sim, 'b-key', 'GET', '/api/s/default/stat/voucher')).json.data ?? [])
        : await client.data('GET', '/api/s/default/stat/voucher');
    expect((await vouchersOf(a)).filter((v) => v.note === 'key')).toHaveLength(2);
    expect((await vouchersOf(b)).filter((v) => v.note === 'key')).toHaveLength(0);
    // a's session means nothing to c
    expect((await new TestClient(c).call('GET', '/api/self/sites')).status).toBe(401);
    expect(a.callsFor('POST', '/api/s/{site}/cmd/hotspot')).toBe(1);
    expect(b.callsFor('POST', '/api/s/{site}/cmd/hotspot')).toBe(0);
    expect(b.callsFor('GET', '/api/s/{site}/stat/voucher')).toBe(1);
  });
});

describe('stat/sites of a world of 2,000 sites', () => {
  it('lists every site with its health, kept for the minute and made anew after a write', async () => {
    let now = Date.UTC(2026, 4, 6, 3, 0);
    const sim = await start({ flavor: 'unifios', sites: 2000, vouchers: 10_000, now: () => now });
    const sites = await withKey(sim, 'demo-api-key', 'GET', '/api/stat/sites');
    expect(sites.status).toBe(200);
    const rows = sites.json.data ?? [];
    expect(rows.map((s) => s.name)).toEqual(sim.state.sites.map((s) => s.name));
    const status = (row: JsonObject) => (row.health as JsonObject[])[0].status;
    const statuses = sim.siteStatuses();
    for (const row of rows) expect(status(row), String(row.name)).toBe(statuses[String(row.name)]);

    // the same as a site's own stat/health
    const hotel = sim.state.sites[1];
    const own = await withKey(sim, 'demo-api-key', 'GET', `/api/s/${hotel.name}/stat/health`);
    expect(rows[1].health).toEqual(own.json.data);
    expect(Number((rows[1].health as JsonObject[])[0].num_user)).toBeGreaterThan(1_000);

    // an access point down through the test hook shows at once; the clock moving on refreshes the rest
    const site = sim.state.sites.find((s) => statuses[s.name] === 'ok' && s.devices.length >= 2)!;
    for (const d of site.devices) sim.setDeviceConnected(site.name, d.mac, false);
    const after = await withKey(sim, 'demo-api-key', 'GET', '/api/stat/sites');
    expect(status(after.json.data!.find((s) => s.name === site.name)!)).toBe('error');
    now += 60_000;
    const later = await withKey(sim, 'demo-api-key', 'GET', '/api/stat/sites');
    expect(later.json.data?.[1].health).not.toEqual(rows[1].health);

    const vouchers = await withKey(sim, 'demo-api-key', 'GET', `/api/s/${hotel.name}/stat/voucher`);
    expect(vouchers.json.data).toHaveLength(10_000);
  });
});
