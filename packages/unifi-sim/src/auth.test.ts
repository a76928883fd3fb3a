import { afterEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { TestClient } from './testing/client.ts';
import { fixture, shapeProblems } from './testing/shape.ts';

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

describe('classic controller login', () => {
  it('answers GET / with a redirect to /manage', async () => {
    const sim = await start();
    const res = await fetch(`${sim.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/manage');
  });

  it('logs in with the right password and sets unifises and csrf_token', async () => {
    const sim = await start();
    const client = new TestClient(sim);
    const answer = await client.login();
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(fixture('login.json'));
    expect(client.cookies.get('unifises')).toMatch(/^[0-9a-f]{16,}$/);
    expect(client.csrf).toMatch(/^[0-9a-f]+$/);
    const setCookie = answer.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/unifises=[0-9a-f]+; Path=\/; HttpOnly/);
    expect(await client.data('GET', '/api/self/sites')).not.toHaveLength(0);
  });

  it('refuses a wrong password with api.err.Invalid', async () => {
    const sim = await start({ password: 'secret-1' });
    const answer = await new TestClient(sim).login('wrong');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ meta: { rc: 'error', msg: 'api.err.Invalid' }, data: [] });
  });

  it('answers 401 LoginRequired without a session cookie', async () => {
    const sim = await start();
    const res = await fetch(`${sim.url}/api/s/default/stat/sta`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ meta: { rc: 'error', msg: 'api.err.LoginRequired' }, data: [] });
  });

  it('refuses a POST without the CSRF header', async () => {
    const sim = await start();
    const client = new TestClient(sim);
    await client.login();
    const body = { cmd: 'create-voucher', n: 1, quota: 1, expire: 60 };
    const refused = await client.call('POST', '/api/s/default/cmd/hotspot', body, { csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.json.meta).toEqual({ rc: 'error', msg: 'api.err.InvalidCsrfToken' });
    const accepted = await client.call('POST', '/api/s/default/cmd/hotspot', body);
    expect(accepted.status).toBe(200);
  });

  it('answers 401 after expireSessions() and after the session TTL', async () => {
    let now = NOW;
    const sim = await start({ now: () => now, sessionTtlMs: 60_000 });
    const client = new TestClient(sim);
    await client.login();
    expect((await client.call('GET', '/api/s/default/stat/health')).status).toBe(200);
    sim.expireSessions();
    const expired = await client.call('GET', '/api/s/default/stat/health');
    expect(expired.status).toBe(401);
    expect(expired.json.meta?.msg).toBe('api.err.LoginRequired');

    await client.login();
    now += 59_000;
    expect((await client.call('GET', '/api/s/default/stat/health')).status).toBe(200);
    now += 2_000;
    expect((await client.call('GET', '/api/s/default/stat/health')).status).toBe(401);
  });

  it('answers 400 NoSiteContext for an unknown site and 404 for an unknown path', async () => {
    const sim = await start();
    const client = new TestClient(sim);
    await client.login();
    const noSite = await client.call('GET', '/api/s/nosuchsite/stat/sta');
    expect(noSite.status).toBe(400);
    expect(noSite.json).toEqual({ meta: { rc: 'error', msg: 'api.err.NoSiteContext' }, data: [] });
    expect((await client.call('GET', '/api/s/default/stat/nothing')).status).toBe(404);
  });
});

describe('UniFi OS login', () => {
  it('answers GET / with a page', async () => {
    const sim = await start({ flavor: 'unifios' });
    const res = await fetch(`${sim.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('logs in, answers a user object shaped like the capture, and serves Network under /proxy/network', async () => {
    const sim = await start({ flavor: 'unifios', username: 'ops', password: 'pw-123456' });
    const client = new TestClient(sim);
    const answer = await client.login();
    expect(answer.status).toBe(200);
    expect(shapeProblems([answer.json], [fixture('login-unifios.json')])).toEqual([]);
    expect(answer.json.username).toBe('ops');
    expect(client.cookies.get('TOKEN')).toBeTruthy();
    expect(answer.headers.get('x-csrf-token')).toBeTruthy();

    const sta = await client.call('GET', '/api/s/default/stat/sta');
    expect(sta.status).toBe(200);
    expect(sta.json.meta).toEqual({ rc: 'ok' });
    // the classic path does not exist on UniFi OS
    expect((await client.raw('GET', `${sim.url}/api/s/default/stat/sta`, undefined, true)).status).toBe(404);
  });

  it('refuses a wrong password with 401 and an errors list', async () => {
    const sim = await start({ flavor: 'unifios' });
    const answer = await new TestClient(sim).login('nope');
    expect(answer.status).toBe(401);
    expect(Array.isArray(answer.json.errors)).toBe(true);
  });

  it('answers 401 without TOKEN, 403 without x-csrf-token, and rotates the token', async () => {
    const sim = await start({ flavor: 'unifios' });
    const anonymous = await fetch(`${sim.url}/proxy/network/api/s/default/stat/sta`);
    expect(anonymous.status).toBe(401);

    const client = new TestClient(sim);
    await client.login();
    const first = client.csrf;
    await client.call('GET', '/api/s/default/stat/voucher');
    expect(client.csrf).not.toBe(first);

    const body = { cmd: 'create-voucher', n: 1, quota: 1, expire: 60 };
    const refused = await client.call('POST', '/api/s/default/cmd/hotspot', body, { csrf: false });
    expect(refused.status).toBe(403);
    const wrong = await client.raw('POST', `${client.base}/api/s/default/cmd/hotspot`, body, false);
    expect(wrong.status).toBe(403);
    const accepted = await client.call('POST', '/api/s/default/cmd/hotspot', body);
    expect(accepted.status).toBe(200);

    sim.expireSessions();
    expect((await client.call('GET', '/api/s/default/stat/sta')).status).toBe(401);
  });
});

describe('call counter', () => {
  it('counts calls per method and path template, and per site', async () => {
    const sim = await start();
    const client = new TestClient(sim);
    await client.login();
    const other = sim.state.sites[1].name;
    await client.data('GET', '/api/s/default/stat/sta');
    await client.data('GET', '/api/s/default/stat/sta');
    await client.data('GET', `/api/s/${other}/stat/sta`);
    expect(sim.calls()['GET /api/s/{site}/stat/sta']).toBe(3);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/sta')).toBe(3);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(2);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', other)).toBe(1);
    expect(sim.callsFor('POST', '/api/login')).toBe(1);
    sim.resetCalls();
    expect(sim.calls()).toEqual({});
  });
});

describe('misbehaving as real controllers do', () => {
  it('newer UniFi OS: GET / redirects to /login; a starting console answers 502 or 503 with a page', async () => {
    const sim = await start({ flavor: 'unifios', misbehave: { rootRedirect: true } });
    const res = await fetch(`${sim.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    sim.misbehave({ booting: 502 });
    const booting = await fetch(`${sim.url}/api/auth/login`, { method: 'POST', body: '{}' });
    expect(booting.status).toBe(502);
    expect(booting.headers.get('content-type')).toContain('text/html');
    // another process changes it through the control path
    const control = await fetch(`${sim.url}/__sim/misbehave`, { method: 'POST', body: JSON.stringify({ booting: 0 }) });
    expect(await control.json()).toMatchObject({ booting: 0, rootRedirect: true });
    expect((await new TestClient(sim).login()).status).toBe(200);
  });

  it('locks the account after too many logins a minute, successful or not: 429 without Retry-After', async () => {
    let now = NOW;
    const sim = await start({ flavor: 'unifios', now: () => now, misbehave: { loginsPerMinute: 3 } });
    const client = new TestClient(sim);
    expect((await client.login('wrong')).status).toBe(401);
    expect((await client.login()).status).toBe(200);
    expect((await client.login()).status).toBe(200);
    const locked = await client.login();
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: 'AUTHENTICATION_FAILED_LIMIT_REACHED' });
    expect(locked.headers.get('retry-after')).toBeNull();
    now += 60_000;
    expect((await client.login()).status).toBe(429);
    now += 31_000;
    expect((await client.login()).status).toBe(200);
    sim.misbehave({ lockedLoginOk: true, loginsPerMinute: 1 });
    const quiet = await client.login();
    expect(quiet.status).toBe(200);
    expect(quiet.headers.getSetCookie()).toEqual([]);
  });

  it("UniFi OS: TOKEN is a JWT naming the session's CSRF token and end; X-Updated-CSRF-Token carries the fresh one", async () => {
    const sim = await start({ flavor: 'unifios', sessionTtlMs: 3_600_000 });
    const client = new TestClient(sim);
    const answer = await client.login();
    const payload = JSON.parse(Buffer.from(client.cookies.get('TOKEN')?.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ csrfToken: answer.headers.get('x-csrf-token'), exp: (NOW + 3_600_000) / 1000 });
    const read = await client.call('GET', '/api/s/default/stat/health');
    expect(read.headers.get('x-csrf-token')).toBe(payload.csrfToken);
    expect(read.headers.get('x-updated-csrf-token')).not.toBe(payload.csrfToken);
    expect(new Date(read.headers.get('date') ?? '').getTime()).toBe(NOW);
  });

  it('applies a write and answers it 503 when told to', async () => {
    const sim = await start({ misbehave: { writesAppliedThen503: 1 } });
    const client = new TestClient(sim);
    await client.login();
    const body = { cmd: 'create-voucher', n: 2, quota: 1, expire: 60, note: 'twice?' };
    expect((await client.call('POST', '/api/s/default/cmd/hotspot', body)).status).toBe(503);
    const vouchers = (await client.data('GET', '/api/s/default/stat/voucher')) as { note?: string }[];
    expect(vouchers.filter((v) => v.note === 'twice?')).toHaveLength(2);
    expect((await client.call('POST', '/api/s/default/cmd/hotspot', body)).status).toBe(200);
  });
});
