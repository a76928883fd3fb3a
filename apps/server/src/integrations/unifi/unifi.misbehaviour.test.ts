// What real controllers do that a simulator agreeing with the client would never show: each test sets the simulator
// misbehaving as a real controller does (the public source of each behaviour is named in the simulator's Misbehaviour
// type) and checks what the console's client makes of it.
import { type Flavor, type Misbehaviour, startSimulator } from '@it4u/unifi-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../../lib/readCache.ts';
import { listen } from '../../test/loopback.ts';
import { SIM_CLOCKS } from '../../test/simulator.ts';
import { createUnifiClient, type UnifiClient } from './unifi.client.ts';
import { createController } from './unifi.controller.ts';

const credentials = { username: 'admin', password: 'sim-password' };

/** One clock for the simulator and the client, moved by the test. */
let clock = SIM_CLOCKS.noon;
const now = () => clock;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  clock = SIM_CLOCKS.noon;
});

async function setUp(
  flavor: Flavor,
  opts: { misbehave?: Partial<Misbehaviour>; password?: string; apiKey?: string; sessionTtlMs?: number } = {},
) {
  const sim = await startSimulator({
    port: 0,
    flavor,
    ...credentials,
    seed: 7,
    now,
    misbehave: opts.misbehave,
    sessionTtlMs: opts.sessionTtlMs,
  });
  const client = createUnifiClient({
    url: sim.url,
    username: credentials.username,
    password: opts.password ?? credentials.password,
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    verifyTls: true,
    now,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  open.push(client, sim);
  return { sim, client };
}

const logins = (sim: { callsFor(m: string, p: string): number }) =>
  sim.callsFor('POST', '/api/auth/login') + sim.callsFor('POST', '/api/login');

const failure = (client: UnifiClient, path = '/api/self/sites') =>
  client.call('GET', path).then(
    () => undefined,
    (e: { code?: string; params?: Record<string, unknown>; statusCode?: number }) => e,
  );

describe('telling UniFi OS from a classic controller', () => {
  it('takes a newer UniFi OS that answers GET / with a redirect to /login for UniFi OS', async () => {
    const { sim, client } = await setUp('unifios', { misbehave: { rootRedirect: true } });
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect(client.flavor()).toBe('unifios');
    expect(sim.callsFor('POST', '/api/auth/login')).toBe(1);
    expect(sim.callsFor('POST', '/api/login')).toBe(0);
  });

  it('keeps no guess made while the console is starting (502, then 503): the call after it works', async () => {
    const { sim, client } = await setUp('unifios', { misbehave: { booting: 502 } });
    expect(await failure(client)).toMatchObject({ code: 'controllerBusy', statusCode: 503 });
    sim.misbehave({ booting: 503 });
    expect(await failure(client)).toMatchObject({ code: 'controllerBusy' });
    expect(client.flavor()).toBeUndefined();
    sim.misbehave({ booting: 0 });
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect(client.flavor()).toBe('unifios');
    expect(sim.callsFor('POST', '/api/login')).toBe(0);
  });

  it('with an API key, is not refused for good because the console was starting', async () => {
    const { sim, client } = await setUp('unifios', { apiKey: 'demo-api-key', misbehave: { booting: 502 } });
    expect(await failure(client)).toMatchObject({ code: 'controllerBusy' });
    sim.misbehave({ booting: 0 });
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect(client.flavor()).toBe('unifios');
  });

  it('heals a wrong guess: a classic controller behind a proxy whose first page answers 200', async () => {
    const { sim } = await setUp('classic');
    // the proxy serves its own page at / and passes everything else to the controller
    const proxy = await listen((req, res) => {
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const answer = await fetch(`${sim.url}${req.url}`, {
          method: req.method,
          headers: Object.fromEntries(
            Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' && k !== 'host' ? [[k, v]] : [])),
          ),
          body: chunks.length ? Buffer.concat(chunks) : undefined,
          redirect: 'manual',
        });
        const text = await answer.text();
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          'set-cookie': answer.headers.getSetCookie(),
        });
        res.end(text);
      });
    });
    open.push(proxy);
    const client = createUnifiClient({ url: proxy.url, ...credentials, verifyTls: true, now });
    open.push(client);
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect(client.flavor()).toBe('classic');
    expect(sim.callsFor('POST', '/api/login')).toBe(1);
  });
});

describe.each(['unifios', 'classic'] as const)('logins a controller throttles (%s)', (flavor) => {
  it('stops at the first 429: each call meanwhile fails at once, no login is sent until the lock ends', async () => {
    const { sim, client } = await setUp(flavor, { misbehave: { loginsPerMinute: 2, loginLockMs: 90_000 } });
    for (let i = 0; i < 2; i++) {
      await client.call('GET', '/api/self/sites');
      sim.expireSessions();
    }
    const refused = await failure(client);
    expect(refused).toMatchObject({ code: 'controllerLoginThrottled', statusCode: 503, params: { seconds: 120 } });
    expect(logins(sim)).toBe(3);
    for (let i = 0; i < 10; i++) {
      clock += 5_000;
      expect(await failure(client)).toMatchObject({ code: 'controllerLoginThrottled' });
    }
    expect(logins(sim)).toBe(3);
    // an administrator's check does not end a lock the controller still holds
    client.forgetRefusal();
    expect(await failure(client)).toMatchObject({ code: 'controllerLoginThrottled' });
    expect(logins(sim)).toBe(3);
    clock += 75_000;
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect(logins(sim)).toBe(4);
  });

  it('takes a login answered 2xx without a session for the lock, not for a way in', async () => {
    const { sim, client } = await setUp(flavor, {
      misbehave: { loginsPerMinute: 1, lockedLoginOk: true, loginLockMs: 60_000 },
    });
    await client.call('GET', '/api/self/sites');
    sim.expireSessions();
    expect(await failure(client)).toMatchObject({ code: 'controllerLoginThrottled' });
    expect(await failure(client)).toMatchObject({ code: 'controllerLoginThrottled' });
    expect(logins(sim)).toBe(2);
  });

  it('remembers a wrong password: one login refused, then none until the settings change', async () => {
    const { sim, client } = await setUp(flavor, { password: 'wrong' });
    for (let i = 0; i < 5; i++) expect(await failure(client)).toMatchObject({ code: 'controllerLoginRefused' });
    expect(logins(sim)).toBe(1);
    // an administrator's check tries once more (the password may have changed on the controller)
    client.forgetRefusal();
    expect(await failure(client)).toMatchObject({ code: 'controllerLoginRefused' });
    expect(logins(sim)).toBe(2);
  });
});

describe('sessions', () => {
  it('UniFi OS: renews a session shortly before it ends, once for 16 calls at once, with no 401 sent back', async () => {
    const { sim, client } = await setUp('unifios', { sessionTtlMs: 3_600_000 });
    await client.call('GET', '/api/self/sites');
    clock += 3_600_000 - 30_000;
    sim.resetCalls();
    await Promise.all(Array.from({ length: 16 }, () => client.call('GET', '/api/s/default/stat/health')));
    expect(sim.callsFor('POST', '/api/auth/login')).toBe(1);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/health')).toBe(16);
  });

  it('classic: one login for 16 calls refused at once by an expired session', async () => {
    const { sim, client } = await setUp('classic');
    await client.call('GET', '/api/self/sites');
    sim.expireSessions();
    sim.resetCalls();
    await Promise.all(Array.from({ length: 16 }, () => client.call('GET', '/api/s/default/stat/health')));
    expect(sim.callsFor('POST', '/api/login')).toBe(1);
  });

  it('UniFi OS: keeps the updated CSRF token when both headers come back (20 writes in a row)', async () => {
    const { client } = await setUp('unifios');
    for (let i = 0; i < 20; i++) {
      const body = { cmd: 'create-voucher', n: 1, quota: 1, expire: 60, note: `csrf ${i}` };
      expect(await client.call('POST', '/api/s/default/cmd/hotspot', body)).toHaveLength(1);
    }
  });
});

describe('writes are not sent twice', () => {
  it.each(['classic', 'unifios'] as const)(
    '%s: a voucher batch the controller made but answered 503 is read back, not made again',
    async (flavor) => {
      const { sim, client } = await setUp(flavor, { misbehave: { writesAppliedThen503: 1 } });
      const controller = createController(client, createReadCache(15_000, now));
      const request = { n: 3, quota: 1, expire: 480, note: 'lễ tân ca sáng' };
      const made = await controller.createVouchers('default', request);
      expect(made).toHaveLength(3);
      const onSite = (await client.call('GET', '/api/s/default/stat/voucher')).filter((v) => v.note === request.note);
      expect(onSite).toHaveLength(3);
      expect(new Set(made.map((v) => v.id))).toEqual(new Set(onSite.map((v) => v._id)));
      expect(sim.callsFor('POST', '/api/s/{site}/cmd/hotspot')).toBe(1);
    },
  );

  it('a write answered 503 is sent once: a batch that was not made fails as the controller answered', async () => {
    const { sim, client } = await setUp('unifios');
    const controller = createController(client, createReadCache(15_000, now));
    await client.call('GET', '/api/self/sites');
    // the console's proxy answers 503 before the controller sees the write
    sim.misbehave({ booting: 503 });
    const err = await controller
      .createVouchers('default', { n: 2, quota: 1, expire: 60, note: 'never made' })
      .catch((e) => e);
    expect(err).toMatchObject({ code: 'controllerBusy' });
    expect(sim.calls()['POST /proxy/network/api/s/default/cmd/hotspot']).toBe(1);
  });
});

describe('accounts and calls a controller refuses', () => {
  it.each(['classic', 'unifios'] as const)(
    '%s: a read-only account reads, and its writes fail controllerNoPermission, not a refused login',
    async (flavor) => {
      const { sim, client } = await setUp(flavor, { misbehave: { readOnly: true } });
      expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
      const body = { cmd: 'create-voucher', n: 1, quota: 1, expire: 60, note: 'read-only' };
      const err = await client.call('POST', '/api/s/default/cmd/hotspot', body).catch((e) => e);
      expect(err).toMatchObject({ code: 'controllerNoPermission', params: { reason: 'api.err.NoPermission' } });
      expect((await client.call('GET', '/api/s/default/stat/health')).length).toBeGreaterThan(0);
      expect(logins(sim)).toBe(1);
    },
  );

  it("UniFi OS: an account without the Network application (the console's own 403) is told apart", async () => {
    const { sim, client } = await setUp('unifios', { misbehave: { networkForbidden: true } });
    expect(await failure(client)).toMatchObject({ code: 'controllerNoPermission', params: { reason: 'HTTP 403' } });
    expect(await failure(client)).toMatchObject({ code: 'controllerNoPermission' });
    expect(logins(sim)).toBe(1);
  });

  it('moves the access points device by device where the bulk group/device call is gone', async () => {
    const { sim, client } = await setUp('classic', { misbehave: { removed: ['PUT /api/s/{site}/group/device'] } });
    const controller = createController(client, createReadCache(15_000, now));
    const site = sim.state.sites[1];
    const group = site?.wlangroups[0];
    if (!site || !group) throw new Error('no site or group');
    expect(await controller.applyWlanGroup(site.name, group._id as string)).toBe(site.devices.length);
    for (const d of site.devices) expect(d.wlangroupId).toBe(group._id);
    expect(sim.callsFor('POST', '/api/s/{site}/upd/device/{_id}', site.name)).toBe(site.devices.length);
  });
});

describe('slow answers at size', () => {
  // a controller of 2,000 sites takes 30 s or more for stat/sites (Misbehaviour.statSitesMsPerSite): here 8 sites at
  // 500 ms each, 4 s, past the 3 s the client gives every other call (room for a busy machine's other calls)
  const slowSites = () =>
    startSimulator({ port: 0, ...credentials, seed: 7, now, misbehave: { statSitesMsPerSite: 500 } });

  it('stat/sites has a deadline of its own, and the other calls, writes too, are answered while it runs', async () => {
    const sim = await slowSites();
    const client = createUnifiClient({ url: sim.url, ...credentials, verifyTls: true, timeoutMs: 3_000 });
    open.push(client, sim);
    await client.login();
    const done: string[] = [];
    const health = [1, 2].map(async () => {
      const sites = await client.call('GET', '/api/stat/sites');
      done.push('stat/sites');
      return sites;
    });
    const others = Promise.all([
      client.call('GET', '/api/self/sites'),
      client.call('POST', '/api/s/default/cmd/hotspot', {
        cmd: 'create-voucher',
        n: 1,
        quota: 1,
        expire: 60,
        note: 'x',
      }),
    ]).then(() => done.push('others'));
    const [answered] = await Promise.all([Promise.all(health), others]);
    expect(answered.map((sites) => sites.length)).toEqual([8, 8]);
    expect(done).toEqual(['others', 'stat/sites', 'stat/sites']);
  });

  it('past its own deadline, stat/sites cools down alone: the other calls go on', async () => {
    const sim = await slowSites();
    const client = createUnifiClient({
      url: sim.url,
      ...credentials,
      verifyTls: true,
      timeoutMs: 3_000,
      slowTimeoutMs: 3_000,
    });
    open.push(client, sim);
    expect(await failure(client, '/api/stat/sites')).toMatchObject({ code: 'controllerTimeout' });
    // the same kind fails at once for its cool-down; the others are answered
    const before = sim.callsFor('GET', '/api/stat/sites');
    expect(await failure(client, '/api/stat/sites')).toMatchObject({ code: 'controllerTimeout' });
    expect(sim.callsFor('GET', '/api/stat/sites')).toBe(before);
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    expect((await client.call('GET', '/api/s/default/stat/health')).length).toBeGreaterThan(0);
  });

  it("the dashboards' reads give the last good answer, with its age, while a slow read runs or when it fails", async () => {
    const sim = await startSimulator({ port: 0, flavor: 'unifios', ...credentials, seed: 7, now });
    // the client's retries wait nothing here, and move no clock: the ages below are the test's minutes alone
    const client = createUnifiClient({ url: sim.url, ...credentials, verifyTls: true, now, sleep: async () => {} });
    open.push(client, sim);
    const controller = createController(client, createReadCache(15_000, now));
    const first = await controller.sitesWithHealth(30_000);
    const devices = await controller.devicesAged('default', 30_000);
    expect(first).toMatchObject({ age: 0, lastGood: false });
    expect(first.value.length).toBe(8);

    // a minute later the controller takes 8 s for it: after a few seconds, the answer of a minute ago, said so
    clock += 60_000;
    sim.misbehave({ statSitesMsPerSite: 1_000 });
    const asked = sim.callsFor('GET', '/api/stat/sites');
    expect(await controller.sitesWithHealth(30_000)).toEqual({ ...first, age: 60_000, lastGood: true });
    // the read went on: one call to the controller, however many ask meanwhile, and none waits for it again
    clock += 5_000;
    expect(await controller.sitesWithHealth(30_000)).toMatchObject({ age: 65_000, lastGood: true });
    expect(sim.callsFor('GET', '/api/stat/sites')).toBe(asked + 1);

    // the controller restarting: the last good answer at once, the read's failure not passed on, and the read not
    // sent again while the console says it is busy (its retries only help a caller with nothing to give instead)
    sim.misbehave({ statSitesMsPerSite: 0, booting: 503 });
    const before = sim.calls();
    expect(await controller.devicesAged('default', 30_000)).toEqual({ ...devices, age: 65_000, lastGood: true });
    const sent = Object.entries(sim.calls()).reduce((n, [k, v]) => n + v - (before[k] ?? 0), 0);
    expect(sent).toBe(1);
    // back: fresh again (the first read after it may still give the last good answer at once, the key being slow
    // since the failure, while its read goes on: readCache.test.ts shows that part without a race)
    sim.misbehave({ booting: 0 });
    await expect.poll(() => controller.devicesAged('default', 30_000)).toMatchObject({ age: 0, lastGood: false });
  });
});

describe('HTTPS with a self-signed certificate, as consoles serve out of the box', () => {
  async function https(config: { verifyTls: boolean; tlsFingerprint?: string; ca?: string }) {
    const sim = await startSimulator({ port: 0, flavor: 'unifios', ...credentials, seed: 7, now, tls: true });
    const client = createUnifiClient({ url: sim.url, ...credentials, now, ...config });
    open.push(client, sim);
    const sent = () => Object.values(sim.calls()).reduce((a, b) => a + b, 0);
    return { sim, client, fingerprint: sim.certificate?.fingerprint256 ?? '', sent };
  }

  it('verifying, refuses it before sending anything, naming its fingerprint for the administrator to compare', async () => {
    const { client, fingerprint, sent } = await https({ verifyTls: true });
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(await failure(client)).toMatchObject({
      statusCode: 502,
      code: 'controllerCertificateUntrusted',
      params: { fingerprint, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
    expect(sent()).toBe(0);
  });

  it('trusts the certificate pinned by its fingerprint, whoever signed it, and no other', async () => {
    const first = await https({ verifyTls: true });
    // pinned (as typed, in lower case too), with verification on: the self-signed certificate is the trusted one
    const pinned = createUnifiClient({
      url: first.sim.url,
      ...credentials,
      now,
      verifyTls: true,
      tlsFingerprint: first.fingerprint.toLowerCase(),
    });
    open.push(pinned);
    expect((await pinned.call('GET', '/api/self/sites')).length).toBe(8);
    // a console presenting another certificate (reinstalled, or a machine in the middle): refused, nothing sent, even
    // with verification off
    const other = await https({ verifyTls: false, tlsFingerprint: first.fingerprint });
    expect(await failure(other.client)).toMatchObject({
      code: 'controllerCertificateChanged',
      params: { fingerprint: other.fingerprint, pinned: first.fingerprint },
    });
    expect(other.sent()).toBe(0);
  });

  it('verifying with the authority that signed it (an operator’s own), or not checking at all, it is read', async () => {
    const sim = await startSimulator({ port: 0, flavor: 'unifios', ...credentials, seed: 7, now, tls: true });
    open.push(sim);
    for (const config of [{ verifyTls: true, ca: sim.certificate?.cert }, { verifyTls: false }]) {
      const client = createUnifiClient({ url: sim.url, ...credentials, now, ...config });
      open.push(client);
      expect((await client.call('GET', '/api/self/sites')).length).toBe(8);
    }
  });
});
