import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, secondInstance, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator } from '../../test/simulator.ts';

const NOW = SIM_CLOCKS.noon;

/**
 * Two instances of the console on one PostgreSQL share the controllers' windowed reads: the controller sees one read
 * per site and report kind per window, not one per instance, and an instance that died holding a read's lease holds
 * nobody up for more than its lease (2 s).
 */
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('ask the controller once per site and report kind per window, not once each', async () => {
    const sim = await startTestSimulator('noon');
    const t = await createTestApp('postgres', { demoController: sim.config, now: () => NOW });
    const other = await secondInstance(t, { demoController: sim.config, now: () => NOW });
    try {
      const headers = (await tokenFor(t, ['ROLE_KT'])).headers;
      const site = sim.sim.state.sites[0]?.name ?? 'default';
      sim.sim.resetCalls();
      const calls = [t, other].flatMap((instance) =>
        Array.from({ length: 4 }, () =>
          instance.app.inject({ method: 'POST', url: `/api/v1/it4u/${site}/stat/device`, headers }),
        ),
      );
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
      expect(sim.sim.callsFor('GET', '/api/s/{site}/stat/device', site)).toBe(1);

      const overviews = await Promise.all(
        [t, other].map((instance) =>
          instance.app.inject({ method: 'GET', url: '/api/v1/it4u/dashboard/overview', headers }),
        ),
      );
      for (const res of overviews) expect(res.statusCode).toBe(200);
      expect(sim.sim.callsFor('GET', '/api/stat/sites')).toBe(1);
    } finally {
      await other.close();
      await t.close();
      await sim.close();
    }
  });

  it('take over the lease of an instance that died within seconds, and ask the controller themselves', async () => {
    const sim = await startTestSimulator('noon');
    const t = await createTestApp('postgres', { demoController: sim.config, now: () => NOW });
    try {
      const headers = (await tokenFor(t, ['ROLE_KT'])).headers;
      const site = sim.sim.state.sites[0]?.name ?? 'default';
      // an instance took the lease of this read, then died: it renews it no more
      const key = `demo@${sim.config.url}|${site}:device`;
      await t.database.db.execute(
        sql`insert into controller_reads (key, lease_until, lease_owner) values (${key}, now() + interval '2 seconds', 'dead')`,
      );
      sim.sim.resetCalls();
      // it waits out the dead holder's lease (2 s), then asks itself
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/it4u/${site}/stat/device`, headers });
      expect(res.statusCode).toBe(200);
      expect(sim.sim.callsFor('GET', '/api/s/{site}/stat/device', site)).toBe(1);
      // the answer is the others' now, and the lease is free
      const [row] = rowsOf<{ lease_owner: string | null; answered: boolean }>(
        await t.database.db.execute(
          sql`select lease_owner, value is not null as answered from controller_reads where key = ${key}`,
        ),
      );
      expect(row).toEqual({ lease_owner: null, answered: true });
    } finally {
      await t.close();
      await sim.close();
    }
  });

  it('log in one at a time, and keep a lock the controller put on the account: no login is sent into it', async () => {
    const sim = await startTestSimulator('noon');
    const t = await createTestApp('postgres', { demoController: sim.config, now: () => NOW });
    const other = await secondInstance(t, { demoController: sim.config, now: () => NOW });
    try {
      const headers = (await tokenFor(t, ['ROLE_KT'])).headers;
      // a UniFi OS-like account lock, after one login (real consoles: about five a minute, every instance's counted)
      sim.sim.misbehave({ loginsPerMinute: 1, loginLockMs: 120_000 });
      const logins = () => sim.sim.callsFor('POST', '/api/login');
      // the vouchers are read by each instance itself (never shared): each needs its own session
      const vouchers = (instance: typeof t) =>
        instance.app.inject({ method: 'GET', url: '/api/v1/it4u/default/voucher', headers });
      const [a, b] = await Promise.all([vouchers(t), vouchers(other)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 503]);
      expect(logins()).toBe(2);
      // the instance that got in loses its session: it sends no login into the lock the other one met (a write: no
      // kept answer stands in)
      sim.sim.expireSessions();
      const make = { n: 1, quota: 1, expire: 480, note: 'lock' };
      for (const instance of [t, other]) {
        const res = await instance.app.inject({
          method: 'POST',
          url: '/api/v1/it4u/default/createVoucher',
          headers,
          payload: make,
        });
        expect(res.json()).toMatchObject({ statusCode: 503, code: 'controllerLoginThrottled' });
      }
      expect(logins()).toBe(2);
    } finally {
      await other.close();
      await t.close();
      await sim.close();
    }
  });
});
