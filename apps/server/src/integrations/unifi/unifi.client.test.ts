import { startSimulator } from '@it4u/unifi-sim';
import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../lib/readCache.ts';
import { heardDeadlines, listen } from '../../test/loopback.ts';
import { SIM_CLOCKS } from '../../test/simulator.ts';
import { type ControllerConfig, createUnifiClient } from './unifi.client.ts';
import { createController } from './unifi.controller.ts';
import { ControllerBusyError, ControllerError, ControllerTimeoutError } from './unifi.errors.ts';

const credentials = { username: 'admin', password: 'sim-password' };

const simNow = () => SIM_CLOCKS['03:00'];

describe.each(['classic', 'unifios'] as const)('the UniFi client against the simulator (%s)', (flavor) => {
  it('detects the flavor, logs in, reads, and logs in again once when the session expired', async () => {
    const sim = await startSimulator({ port: 0, flavor, ...credentials, seed: 7, now: simNow });
    const client = createUnifiClient({ url: sim.url, ...credentials, verifyTls: true });
    try {
      const sites = await client.call('GET', '/api/self/sites');
      expect(sites.length).toBeGreaterThanOrEqual(5);
      expect(client.flavor()).toBe(flavor);
      sim.expireSessions();
      const again = await client.call('GET', '/api/s/default/stat/voucher');
      expect(Array.isArray(again)).toBe(true);
      // a write carries the CSRF token the controller asks for
      const made = await client.call('POST', '/api/s/default/cmd/hotspot', {
        cmd: 'create-voucher',
        n: 1,
        quota: 1,
        expire: 480,
        note: 'csrf',
      });
      expect(made.length).toBe(1);
    } finally {
      await client.close();
      await sim.close();
    }
  });

  it('names the controller when it refuses the login', async () => {
    const sim = await startSimulator({ port: 0, flavor, ...credentials, seed: 7, now: simNow });
    const client = createUnifiClient({ url: sim.url, username: 'admin', password: 'wrong', verifyTls: true });
    try {
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toBeInstanceOf(ControllerError);
      expect(err.statusCode).toBe(502);
      expect(err.code).toBe('controllerLoginRefused');
      expect(err.details).toEqual({ controller: sim.url });
    } finally {
      await client.close();
      await sim.close();
    }
  });
});

describe('the UniFi client with an API key (UniFi OS, Network 9 and later)', () => {
  const voucher = { cmd: 'create-voucher', n: 1, quota: 1, expire: 480, note: 'by key' };

  it('never logs in: the key goes with every request, and writes need no CSRF token', async () => {
    const sim = await startSimulator({
      port: 0,
      flavor: 'unifios',
      ...credentials,
      apiKey: 'key-7',
      seed: 7,
      now: simNow,
    });
    const client = createUnifiClient({ url: sim.url, username: '', password: '', apiKey: 'key-7', verifyTls: true });
    try {
      const sites = await client.call('GET', '/api/self/sites');
      expect(sites.length).toBeGreaterThanOrEqual(5);
      expect(client.flavor()).toBe('unifios');
      expect(await client.call('POST', '/api/s/default/cmd/hotspot', voucher)).toHaveLength(1);
      const vouchers = await client.call('GET', '/api/s/default/stat/voucher');
      expect(vouchers.filter((v) => v.note === 'by key')).toHaveLength(1);
      // sessions do not matter to a key
      sim.expireSessions();
      expect(await client.check()).toEqual({ ok: true, flavor: 'unifios' });
      expect(sim.callsFor('POST', '/api/auth/login')).toBe(0);
      // the check reads one site of the official API, the call before it self/sites
      expect(sim.callsFor('GET', '/api/self/sites')).toBe(1);
      expect(sim.callsFor('GET', '/integration/v1/sites')).toBe(1);
      expect(sim.callsFor('POST', '/api/s/{site}/cmd/hotspot', 'default')).toBe(1);
    } finally {
      await client.close();
      await sim.close();
    }
  });

  it('is refused at once on a wrong key: controllerLoginRefused, no login, no second try', async () => {
    const sim = await startSimulator({
      port: 0,
      flavor: 'unifios',
      ...credentials,
      apiKey: 'key-7',
      seed: 7,
      now: simNow,
    });
    const client = createUnifiClient({ url: sim.url, ...credentials, apiKey: 'key-8', verifyTls: true });
    try {
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toBeInstanceOf(ControllerError);
      expect(err).toMatchObject({ statusCode: 502, code: 'controllerLoginRefused', details: { controller: sim.url } });
      expect(sim.callsFor('GET', '/api/self/sites')).toBe(1);
      expect(sim.callsFor('POST', '/api/auth/login')).toBe(0);
      // the refusal is remembered: the next call fails at once, sent nowhere, until the settings change
      const v2 = await client.v2('GET', '/v2/api/site/default/apgroups').catch((e) => e);
      expect(v2).toMatchObject({ code: 'controllerLoginRefused' });
      expect(sim.callsFor('GET', '/v2/api/site/{site}/apgroups')).toBe(0);
    } finally {
      await client.close();
      await sim.close();
    }
  });

  it('refuses a classic controller, which has no API keys, before any Network call', async () => {
    const sim = await startSimulator({ port: 0, flavor: 'classic', ...credentials, seed: 7, now: simNow });
    const client = createUnifiClient({ url: sim.url, ...credentials, apiKey: 'key-7', verifyTls: true });
    try {
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toMatchObject({ statusCode: 502, code: 'controllerLoginRefused', details: { controller: sim.url } });
      // a second call does not ask again
      expect(await client.call('GET', '/api/self/sites').catch((e) => e)).toMatchObject({
        code: 'controllerLoginRefused',
      });
      expect(sim.calls()).toEqual({ 'GET /': 1 });
    } finally {
      await client.close();
      await sim.close();
    }
  });

  it('takes a blank key for none: the password login as before', async () => {
    const sim = await startSimulator({ port: 0, flavor: 'unifios', ...credentials, seed: 7, now: simNow });
    const client = createUnifiClient({ url: sim.url, ...credentials, apiKey: '  ', verifyTls: true });
    try {
      expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
      expect(sim.callsFor('POST', '/api/auth/login')).toBe(1);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});

describe.each(['classic', 'unifios'] as const)('an account with two-factor sign-in (%s)', (flavor) => {
  it('cannot log in with its password: controllerTwoFactor', async () => {
    const sim = await startSimulator({ port: 0, flavor, ...credentials, twoFactor: true, seed: 7, now: simNow });
    const client = createUnifiClient({ url: sim.url, ...credentials, verifyTls: true });
    try {
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toBeInstanceOf(ControllerError);
      expect(err).toMatchObject({ statusCode: 502, code: 'controllerTwoFactor', details: { controller: sim.url } });
      // a wrong password is still a wrong password
      const wrong = createUnifiClient({ url: sim.url, username: 'admin', password: 'wrong', verifyTls: true });
      expect(await wrong.call('GET', '/api/self/sites').catch((e) => e)).toMatchObject({
        code: 'controllerLoginRefused',
      });
      await wrong.close();
    } finally {
      await client.close();
      await sim.close();
    }
  });
});

describe('the UniFi client when the controller fails', () => {
  it('answers 502 when the controller cannot be reached and 504 when it does not answer in time', async () => {
    const down = createUnifiClient({ url: 'http://127.0.0.1:9', ...credentials, verifyTls: true, timeoutMs: 2000 });
    const e1 = await down.call('GET', '/api/self/sites').catch((e) => e);
    expect(e1).toBeInstanceOf(ControllerError);
    expect(e1).toMatchObject({ code: 'controllerUnreachable', details: { controller: 'http://127.0.0.1:9' } });

    const silent = await listen(() => {});
    const { url } = silent;
    const slow = createUnifiClient({ url, ...credentials, verifyTls: true, timeoutMs: 300 });
    const e2 = await slow.call('GET', '/api/self/sites').catch((e) => e);
    expect(e2).toBeInstanceOf(ControllerTimeoutError);
    expect(e2).toMatchObject({ statusCode: 504, code: 'controllerTimeout', details: { controller: url } });
    await silent.close();
  });
});

describe('requests to one controller', () => {
  it('go at most 16 at once; the others wait their turn and are all answered', async () => {
    const total = 60;
    let now = 0;
    let most = 0;
    let answered = 0;
    const held: (() => void)[] = [];
    // a request is answered only once as many are waiting as the client may send (16, fewer at the end): on a busy
    // machine the requests still overlap as they would at size, and a client without the limit sends them all at once
    const answerOne = () => {
      if (held.length === 0 || held.length < Math.min(16, total - answered)) return;
      // a turn of the loop first, so that a 17th request sent beside them would be counted
      setTimeout(() => {
        answered++;
        held.shift()?.();
        // the last ones, all in: no other request comes to answer them
        if (total - answered <= 16) answerOne();
      }, 5);
    };
    const server = await listen((req, res) => {
      req.resume();
      if (req.url === '/') return void res.writeHead(302, { location: '/manage' }).end();
      const json = { 'content-type': 'application/json' };
      if (req.url === '/api/login') {
        res.writeHead(200, { ...json, 'set-cookie': 'unifises=s1; Path=/' });
        return void res.end(JSON.stringify({ meta: { rc: 'ok' }, data: [] }));
      }
      now++;
      most = Math.max(most, now);
      held.push(() => {
        now--;
        res.writeHead(200, json).end(JSON.stringify({ meta: { rc: 'ok' }, data: [{ name: 'a' }] }));
      });
      answerOne();
    });
    const client = createUnifiClient({ url: server.url, ...credentials, verifyTls: true, timeoutMs: 20_000 });
    try {
      const answers = await Promise.all(
        Array.from({ length: total }, (_, i) => client.call('GET', `/api/s/site${i}/stat/device`)),
      );
      expect(answers).toHaveLength(total);
      expect(most).toBe(16);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

type Reply = { status: number; headers?: Record<string, string> };

/**
 * A classic controller on loopback that lets everyone log in and answers the Network calls with the replies queued
 * in `next` (then 200); `silent` makes it answer nothing at all. `requests` counts every request that reached it.
 */
async function fakeController() {
  const server = await listen((req, res) => {
    req.resume();
    if (state.silent) return void state.heard();
    if (req.url === '/') return void res.writeHead(302, { location: '/manage' }).end();
    const json = { 'content-type': 'application/json' };
    if (req.url === '/api/login') {
      res.writeHead(200, { ...json, 'set-cookie': 'unifises=s1; Path=/' });
      return void res.end(JSON.stringify({ meta: { rc: 'ok' }, data: [] }));
    }
    state.calls++;
    const reply = state.next.shift() ?? { status: 200 };
    res.writeHead(reply.status, { ...json, ...reply.headers });
    const ok = reply.status === 200;
    res.end(
      JSON.stringify({ meta: ok ? { rc: 'ok' } : { rc: 'error', msg: 'busy' }, data: ok ? [{ name: 'a' }] : [] }),
    );
  });
  // the requests sent while it is silent time out once they reached it
  const deadlines = heardDeadlines(() => state.silent);
  const state = Object.assign(server, { calls: 0, silent: false, next: [] as Reply[] }, deadlines);
  return state;
}

/** A client of a fake controller on a clock of its own: its waits are noted and move the clock, instantly. */
function clientOn(url: string, timeoutMs: number, deadline?: ControllerConfig['deadline']) {
  const time = { now: Date.UTC(2026, 4, 6, 5, 0), waits: [] as number[] };
  const client = createUnifiClient({
    url,
    ...credentials,
    verifyTls: true,
    timeoutMs,
    deadline,
    now: () => time.now,
    sleep: async (ms) => {
      time.waits.push(ms);
      time.now += ms;
    },
  });
  return { client, time };
}

describe('the UniFi client when the controller is busy (429, 503)', () => {
  it('retries once after the Retry-After the controller asks for, and answers', async () => {
    const ctl = await fakeController();
    const { client, time } = clientOn(ctl.url, 10_000);
    try {
      ctl.next.push({ status: 429, headers: { 'retry-after': '3' } });
      expect(await client.call('GET', '/api/self/sites')).toEqual([{ name: 'a' }]);
      expect(time.waits).toEqual([3000]);
      expect(ctl.calls).toBe(2);
    } finally {
      await client.close();
      await ctl.close();
    }
  });

  it('gives up after 2 retries (1 s, then 2 s when the controller does not say): controllerBusy, 503', async () => {
    const ctl = await fakeController();
    const { client, time } = clientOn(ctl.url, 10_000);
    try {
      ctl.next.push({ status: 429 }, { status: 429 }, { status: 429 });
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toBeInstanceOf(ControllerBusyError);
      expect(err).toBeInstanceOf(ControllerError);
      expect(err).toMatchObject({
        statusCode: 503,
        code: 'controllerBusy',
        params: { seconds: 4 },
        details: { controller: ctl.url },
      });
      expect(time.waits).toEqual([1000, 2000]);
      expect(ctl.calls).toBe(3);
    } finally {
      await client.close();
      await ctl.close();
    }
  });

  it('reads a Retry-After date, retries a 503 too, and never waits past the deadline of the call', async () => {
    const ctl = await fakeController();
    const { client, time } = clientOn(ctl.url, 10_000);
    try {
      await client.login();
      ctl.next.push(
        { status: 503, headers: { 'retry-after': new Date(time.now + 2000).toUTCString() } },
        { status: 429, headers: { 'retry-after': '30' } },
      );
      const err = await client.call('GET', '/api/self/sites').catch((e) => e);
      expect(err).toMatchObject({ statusCode: 503, code: 'controllerBusy', params: { seconds: 30 } });
      expect(time.waits).toEqual([2000]);
      expect(ctl.calls).toBe(2);

      // 1 s, then 2 s more would end past 2.5 s: one retry only
      const short = clientOn(ctl.url, 2500);
      ctl.next.push({ status: 429 }, { status: 429 }, { status: 429 });
      const busy = await short.client.call('GET', '/api/self/sites').catch((e) => e);
      expect(busy).toMatchObject({ code: 'controllerBusy', params: { seconds: 2 } });
      expect(short.time.waits).toEqual([1000]);
      await short.client.close();
    } finally {
      await client.close();
      await ctl.close();
    }
  });
});

describe('the UniFi client after a timeout', () => {
  const timeout = { statusCode: 504, code: 'controllerTimeout' };

  it('fails fast for a cool-down (5 s, doubling up to 60 s), lets one probe through after it, and resets on an answer', async () => {
    const ctl = await fakeController();
    const { client, time } = clientOn(ctl.url, 10_000, ctl.deadline);
    const sites = () => client.call('GET', '/api/self/sites').catch((e: unknown) => e);
    try {
      expect(await sites()).toEqual([{ name: 'a' }]);
      const reached = ctl.requests;

      ctl.silent = true;
      const first = await sites();
      expect(first).toBeInstanceOf(ControllerTimeoutError);
      expect(first).toMatchObject({ ...timeout, details: { controller: ctl.url } });
      expect(ctl.requests).toBe(reached + 1);

      // within the 5 s: at once, without reaching the controller
      time.now += 4_999;
      expect(await sites()).toMatchObject(timeout);
      expect(ctl.requests).toBe(reached + 1);

      // after it, one probe at a time; it times out too: 10 s now
      time.now += 1;
      const probes = await Promise.all([sites(), sites(), sites()]);
      for (const e of probes) expect(e).toMatchObject(timeout);
      expect(ctl.requests).toBe(reached + 2);
      time.now += 9_999;
      expect(await sites()).toMatchObject(timeout);
      expect(ctl.requests).toBe(reached + 2);

      // the controller answers again: the call after the window reaches it
      ctl.silent = false;
      time.now += 1;
      expect(await sites()).toEqual([{ name: 'a' }]);
      expect(ctl.requests).toBe(reached + 3);

      // and that answer reset the cool-down: the next timeout waits 5 s again, not 20 s
      ctl.silent = true;
      expect(await sites()).toMatchObject(timeout);
      ctl.silent = false;
      time.now += 5_000;
      expect(await sites()).toEqual([{ name: 'a' }]);
      expect(ctl.requests).toBe(reached + 5);
    } finally {
      await client.close();
      await ctl.close();
    }
  });

  it('doubles the cool-down while the probes time out, up to 60 s', async () => {
    const ctl = await fakeController();
    const { client, time } = clientOn(ctl.url, 10_000, ctl.deadline);
    const sites = () => client.call('GET', '/api/self/sites').catch((e: unknown) => e);
    try {
      await client.login();
      ctl.silent = true;
      // two calls under way when the controller stalls: their two timeouts open one cool-down of 5 s, not two
      const before = ctl.requests;
      for (const e of await Promise.all([sites(), sites()])) expect(e).toMatchObject(timeout);
      expect(ctl.requests).toBe(before + 2);
      for (const window of [5_000, 10_000, 20_000, 40_000, 60_000, 60_000]) {
        const reached = ctl.requests;
        time.now += window - 1;
        expect(await sites()).toMatchObject(timeout);
        expect(ctl.requests, `within ${window} ms`).toBe(reached);
        time.now += 1;
        expect(await sites()).toMatchObject(timeout);
        expect(ctl.requests, `after ${window} ms`).toBe(reached + 1);
      }
    } finally {
      await client.close();
      await ctl.close();
    }
  });
});

describe('the read cache', () => {
  it('makes one controller call for many parallel identical reads, and one per TTL', async () => {
    const sim = await startSimulator({ port: 0, flavor: 'classic', ...credentials, seed: 3, now: simNow });
    const client = createUnifiClient({ url: sim.url, ...credentials, verifyTls: true });
    let now = 1_000_000;
    const controller = createController(
      client,
      createReadCache(15_000, () => now),
    );
    try {
      await controller.sites();
      sim.resetCalls();
      const results = await Promise.all(Array.from({ length: 50 }, () => controller.connectedDevices('default')));
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(1);
      // the connected clients are kept for the dashboards' refresh window (30 s), longer than the default TTL
      now += 15_001;
      await controller.connectedDevices('default');
      expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(1);
      now += 15_000;
      await controller.connectedDevices('default');
      expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(2);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});
