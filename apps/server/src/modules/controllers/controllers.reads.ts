import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { LoginGate } from '../../integrations/unifi/unifi.client.ts';
import type { SharedReads } from '../../integrations/unifi/unifi.controller.ts';
import { rowsOf } from '../../lib/sql.ts';

/** How long a lease lasts unless its holder renews it, and how often the holder renews it while it reads. */
const LEASE_MS = 2_000;
const RENEW_MS = 700;
/** How often an instance waiting for another's read looks for its answer. */
const POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The controllers' windowed reads shared through PostgreSQL by the instances of the console (`controller_reads`):
 * - a fresh answer (fetched within the read's window) is taken from the table, whoever read it;
 * - else one instance takes the key's lease and asks the controller, then stores the answer; the others look for it
 *   every 50 ms instead of asking the controller too;
 * - the holder renews its lease while it reads (every 0.7 s, for 2 s): an instance that died stops renewing, and
 *   within 2 s another takes the lease over and asks itself, so nobody waits on a dead instance longer than that;
 * - a read that fails frees the lease at once (the next one asks again).
 * Each namespace is one controller (its id and address), so two controllers' `default` never meet.
 */
export function createSharedReads(db: Db): (namespace: string) => SharedReads {
  const owner = randomBytes(8).toString('hex');

  async function fresh(key: string, ttlMs: number): Promise<{ value: { v?: unknown } } | undefined> {
    const [row] = rowsOf<{ value: { v?: unknown } | null; fresh: boolean }>(
      await db.execute(sql`select value, fetched_at > now() - make_interval(secs => ${ttlMs / 1000}) as fresh
        from controller_reads where key = ${key}`),
    );
    return row?.fresh && row.value ? { value: row.value } : undefined;
  }

  /**
   * Takes the key's lease when nobody holds it and its answer is still not fresh: another instance may have stored
   * the answer and freed the lease between our look for it and this.
   */
  async function takeLease(key: string, ttlMs?: number): Promise<boolean> {
    const stale =
      ttlMs === undefined
        ? sql`true`
        : sql`(controller_reads.value is null
            or controller_reads.fetched_at <= now() - make_interval(secs => ${ttlMs / 1000}))`;
    const rows = rowsOf<{ lease_owner: string }>(
      await db.execute(sql`insert into controller_reads (key, lease_until, lease_owner)
        values (${key}, now() + make_interval(secs => ${LEASE_MS / 1000}), ${owner})
        on conflict (key) do update set lease_until = excluded.lease_until, lease_owner = excluded.lease_owner
        where (controller_reads.lease_until is null or controller_reads.lease_until < now()) and ${stale}
        returning lease_owner`),
    );
    return rows.length > 0;
  }

  /** Runs `run` holding the key's lease (taken): renewed while it runs, freed after (unless `run` freed it itself). */
  async function holding<T>(key: string, run: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      void db
        .execute(sql`update controller_reads set lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
          where key = ${key} and lease_owner = ${owner}`)
        .catch(() => {});
    }, RENEW_MS);
    try {
      return await run();
    } finally {
      clearInterval(renew);
      await db
        .execute(sql`update controller_reads set lease_until = null, lease_owner = null
          where key = ${key} and lease_owner = ${owner}`)
        .catch(() => {});
    }
  }

  /**
   * The logins to a controller (`LoginGate`), on the row `<namespace>|login`: its lease is the login under way (taken,
   * renewed and freed as a read's), its value `{ lockedUntil }` a lock the controller put on the account, on the
   * database's clock (the instances' own may differ).
   */
  function logins(namespace: string): LoginGate {
    const key = `${namespace}|login`;
    return {
      async lockLeft() {
        const [row] = rowsOf<{ left: number | string | null }>(
          await db.execute(sql`select (value->>'lockedUntil')::bigint - floor(extract(epoch from now()) * 1000) as left
            from controller_reads where key = ${key}`),
        );
        return Math.max(0, Number(row?.left ?? 0));
      },
      async locked(ms) {
        await db.execute(sql`insert into controller_reads (key, value)
          values (${key}, jsonb_build_object('lockedUntil', floor(extract(epoch from now()) * 1000) + ${Math.round(ms)}))
          on conflict (key) do update set value = excluded.value`);
      },
      async exclusive(waitMs, login) {
        // another instance's login under way is waited for (a dead one's lease ends within 2 s); past the wait the
        // login goes anyway, and meets its call's deadline itself
        const until = Date.now() + waitMs;
        while (!(await takeLease(key))) {
          if (Date.now() >= until) return login();
          await sleep(POLL_MS);
        }
        return holding(key, login);
      },
    };
  }

  return (namespace) => ({
    logins: logins(namespace),
    async read<T>(name: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const key = `${namespace}|${name}`;
      for (;;) {
        const hit = await fresh(key, ttlMs);
        if (hit) return hit.value.v as T;
        if (await takeLease(key, ttlMs)) {
          return holding(key, async () => {
            const value = await load();
            await db.execute(sql`update controller_reads set value = ${JSON.stringify({ v: value })}::jsonb,
              fetched_at = now(), lease_until = null, lease_owner = null where key = ${key}`);
            return value;
          });
        }
        await sleep(POLL_MS);
      }
    },
    async forget(prefix: string): Promise<void> {
      await db.execute(sql`delete from controller_reads where starts_with(key, ${`${namespace}|${prefix}`})`);
    },
  });
}
