import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp } from '../test/helpers.ts';
import { createLeases, type Lease } from './leases.ts';
import { rowsOf } from './sql.ts';

/** What a duty's write does: a row's value set, fenced by the lease; answers whether it was written. */
async function write(t: TestApp, lease: Lease, value: string) {
  const rows = rowsOf(
    await t.database.db.execute(sql`update duty_probe set value = ${value} where ${lease.fence} returning 1 as done`),
  );
  return rows.length > 0;
}

/** The holder stopped renewing (it died, or stalled): its lease runs out on the database's clock. */
const runOut = (t: TestApp, name: string) =>
  t.database.db.execute(sql`update duty_leases set until = now() - interval '1 second' where name = ${name}`);

describe.each(drivers)('the duties’ leases, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.database.db.execute(sql`create table duty_probe (value text)`);
    await t.database.db.execute(sql`insert into duty_probe values ('none')`);
  });
  afterAll(() => t.close());

  it('lets one holder at a time do a duty, and the next take after a release counts one more', async () => {
    const a = createLeases(t.database.db, { holder: 'a' });
    const b = createLeases(t.database.db, { holder: 'b' });
    const held = await a.hold('probe-1');
    expect(held).toBeDefined();
    expect(await b.hold('probe-1')).toBeUndefined();
    expect(await b.run('probe-1', async () => 'ran')).toBeUndefined();
    expect(await a.holderOf('probe-1')).toEqual({ holder: 'a', token: held?.token });
    // another duty is another lease
    const other = await b.hold('probe-other');
    expect(other).toBeDefined();
    await other?.release();
    await held?.release();
    expect(held?.signal.aborted).toBe(true);
    expect(await a.holderOf('probe-1')).toBeUndefined();
    expect(await b.run('probe-1', async (lease) => lease.token)).toEqual({ value: (held?.token ?? 0) + 1 });
  });

  it('is taken over once its holder stops renewing, and the old holder’s writes are refused (the fence)', async () => {
    const a = createLeases(t.database.db, { holder: 'a' });
    const b = createLeases(t.database.db, { holder: 'b' });
    const first = (await a.hold('probe-2', { ttlMs: 600 })) as Lease;
    expect(await write(t, first, 'a, before')).toBe(true);
    await runOut(t, 'probe-2');
    const second = (await b.hold('probe-2')) as Lease;
    expect(second.token).toBe(first.token + 1);
    // the stalled holder wakes: nothing it writes lands, and its next renewal tells it the lease is gone
    expect(await write(t, first, 'a, after')).toBe(false);
    expect(await write(t, second, 'b')).toBe(true);
    await expect.poll(() => first.signal.aborted, { timeout: 10_000 }).toBe(true);
    expect(String(first.signal.reason)).toMatch(/ran out, or was taken over/);
    // its release frees nothing of the new holder's
    await first.release();
    expect(await a.holderOf('probe-2')).toEqual({ holder: 'b', token: second.token });
    await second.release();
    const [row] = rowsOf<{ value: string }>(await t.database.db.execute(sql`select value from duty_probe`));
    expect(row?.value).toBe('b');
  });

  it('is renewed while its work runs, on the database’s clock', async () => {
    const a = createLeases(t.database.db, { holder: 'a' });
    const until = async () =>
      rowsOf<{ until: string }>(
        await t.database.db.execute(
          sql`select (extract(epoch from until) * 1000)::float8 as until from duty_leases where name = 'probe-3'`,
        ),
      ).map((r) => Number(r.until))[0] ?? 0;
    const lease = (await a.hold('probe-3', { ttlMs: 6_000 })) as Lease;
    const taken = await until();
    // renewed every third of its length: a later end, however long this machine took to get here
    await expect.poll(until, { timeout: 30_000 }).toBeGreaterThan(taken);
    expect(lease.signal.aborted).toBe(false);
    await lease.release();
  });

  it('frees the lease when the work throws, and says the work was not run while another holds it', async () => {
    const a = createLeases(t.database.db, { holder: 'a' });
    await expect(
      a.run('probe-4', async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await a.holderOf('probe-4')).toBeUndefined();
  });

  it('does a duty once a period, whichever instance looks, and again once the period has passed', async () => {
    const a = createLeases(t.database.db, { holder: 'a' });
    const b = createLeases(t.database.db, { holder: 'b' });
    const period = { notWithinMs: 60_000 };
    let runs = 0;
    const work = async () => ++runs;
    expect(await a.run('probe-5', work, period)).toEqual({ value: 1 });
    // another instance's look a moment later: done already
    expect(await b.run('probe-5', work, period)).toBeUndefined();
    // work that failed is not done: the next look does it
    await expect(
      b.run(
        'probe-6',
        async () => {
          throw new Error('no source answered');
        },
        period,
      ),
    ).rejects.toThrow();
    expect(await a.run('probe-6', work, period)).toEqual({ value: 2 });
    // a minute later on the database's clock (moved back here), or asked for whenever the last was: done again
    await t.database.db.execute(
      sql`update duty_leases set done_at = now() - interval '61 seconds' where name = 'probe-5'`,
    );
    expect(await b.run('probe-5', work, period)).toEqual({ value: 3 });
    expect(await a.run('probe-5', work)).toEqual({ value: 4 });
  });
});
