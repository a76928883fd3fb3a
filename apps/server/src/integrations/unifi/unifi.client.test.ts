import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator } from '@it4u/unifi-sim';
import { describe, expect, it } from 'vitest';
import { SIM_CLOCKS } from '../../test/simulator.ts';
import { createReadCache } from './unifi.cache.ts';
import { createUnifiClient } from './unifi.client.ts';
import { createController } from './unifi.controller.ts';
import { ControllerError, ControllerTimeoutError } from './unifi.errors.ts';

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

describe('the UniFi client when the controller fails', () => {
  it('answers 502 when the controller cannot be reached and 504 when it does not answer in time', async () => {
    const down = createUnifiClient({ url: 'http://127.0.0.1:9', ...credentials, verifyTls: true, timeoutMs: 2000 });
    const e1 = await down.call('GET', '/api/self/sites').catch((e) => e);
    expect(e1).toBeInstanceOf(ControllerError);
    expect(e1).toMatchObject({ code: 'controllerUnreachable', details: { controller: 'http://127.0.0.1:9' } });

    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const slow = createUnifiClient({ url, ...credentials, verifyTls: true, timeoutMs: 300 });
    const e2 = await slow.call('GET', '/api/self/sites').catch((e) => e);
    expect(e2).toBeInstanceOf(ControllerTimeoutError);
    expect(e2).toMatchObject({ statusCode: 504, code: 'controllerTimeout', details: { controller: url } });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
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
      await controller.connectedDevices('default');
      expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(1);
      now += 15_001;
      await controller.connectedDevices('default');
      expect(sim.callsFor('GET', '/api/s/{site}/stat/sta', 'default')).toBe(2);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});
