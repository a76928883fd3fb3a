import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from './sql.ts';

/** How long a duty's lease lasts unless renewed (ms): a dead holder's duty is taken over within this. */
export const DUTY_LEASE_MS = 30_000;

/** A duty's lease as held by this instance. */
export type Lease = {
  name: string;
  /** one more at every take, whoever takes it: a write carrying an older one is refused (a fencing token) */
  token: number;
  /** aborted once the lease is known lost: another holder took it, or it could not be renewed in time */
  signal: AbortSignal;
  /**
   * A condition true while nobody took the lease since this take: every write of the duty's work carries it, so
   * that a holder that stalled past its lease (and was taken over) writes nothing when it wakes.
   */
  fence: SQL;
  /**
   * Ends the renewals and frees the lease for the next taker (nothing when it was lost); `done`: the duty's work was
   * done, which a take with `notWithinMs` reads.
   */
  release(opts?: { done?: boolean }): Promise<void>;
};

/** How a duty's lease is taken. */
export type HoldOptions = {
  /** how long it lasts unless renewed (ms; the leases' own, else DUTY_LEASE_MS) */
  ttlMs?: number;
  /** not taken when the duty's work was done within this (ms): a duty done once a period, whichever instance looks */
  notWithinMs?: number;
};

export type LeasesOptions = {
  /** this instance's name in the rows (its machine and process by default) */
  holder?: string;
  /** how long a lease lasts unless renewed (ms; DUTY_LEASE_MS by default) */
  ttlMs?: number;
};

/**
 * The leases of the console's duties (`duty_leases`), one row a duty, on the database's clock (never an instance's):
 * - `hold` takes a duty's lease when nobody holds it, or its holder let it run out (it died, or stalled);
 * - the holder renews it every third of its length while the work runs; a renewal that finds it ran out (the holder
 *   stalled that long) or taken over, or that cannot reach the database before it would run out, ends it (`signal`);
 * - each take counts one more (`token`): the work's writes carry `fence`, true only for the latest take.
 * The same rows and statements on PostgreSQL and on the embedded database (one instance: a lease is then its own
 * duty's lock against a run still under way).
 */
export function createLeases(db: Db, opts: LeasesOptions = {}) {
  /** this instance, as the rows name it: its machine and process (an operator reads who holds a duty), and a mark */
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const seconds = (ms: number) => ms / 1000;

  async function take(name: string, ttlMs: number, notWithinMs?: number): Promise<number | undefined> {
    const recent =
      notWithinMs === undefined
        ? sql``
        : sql`and (duty_leases.done_at is null
            or duty_leases.done_at <= now() - make_interval(secs => ${seconds(notWithinMs)}))`;
    const [row] = rowsOf<{ token: string | number }>(
      await db.execute(sql`insert into duty_leases (name, holder, token, until)
        values (${name}, ${holder}, 1, now() + make_interval(secs => ${seconds(ttlMs)}))
        on conflict (name) do update set holder = excluded.holder, token = duty_leases.token + 1,
          until = excluded.until
        where duty_leases.until <= now() ${recent}
        returning token`),
    );
    return row ? Number(row.token) : undefined;
  }

  const renew = async (name: string, token: number, ttlMs: number) =>
    rowsOf(
      await db.execute(sql`update duty_leases set until = now() + make_interval(secs => ${seconds(ttlMs)})
        where name = ${name} and token = ${token} and until > now() returning 1 as held`),
    ).length > 0;

  const fenceOf = (name: string, token: number) =>
    sql`exists (select 1 from duty_leases where name = ${name} and token = ${token})`;

  return {
    holder,

    /**
     * Takes the duty's lease and renews it until released; undefined while another holder's runs (or, with
     * `notWithinMs`, when the work was done that recently).
     */
    async hold(name: string, how: HoldOptions = {}): Promise<Lease | undefined> {
      const ttlMs = how.ttlMs ?? opts.ttlMs ?? DUTY_LEASE_MS;
      const token = await take(name, ttlMs, how.notWithinMs);
      if (token === undefined) return undefined;
      const lost = new AbortController();
      // the lease runs out on the database ttlMs after the last renewal began; this instance's own clock is only
      // trusted to say how long it has been (monotonic), never compared with another's
      let heldUntil = performance.now() + ttlMs;
      let renewing: Promise<void> | undefined;
      const timer = setInterval(
        () => {
          if (renewing || lost.signal.aborted) return;
          const began = performance.now();
          renewing = renew(name, token, ttlMs)
            .then(
              (held) => {
                if (held) heldUntil = began + ttlMs;
                else lost.abort(new Error(`the lease of ${name} ran out, or was taken over`));
              },
              () => {
                if (performance.now() >= heldUntil) lost.abort(new Error(`the lease of ${name} could not be renewed`));
              },
            )
            .finally(() => {
              renewing = undefined;
            });
        },
        Math.max(10, Math.floor(ttlMs / 3)),
      );
      timer.unref();
      lost.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
      return {
        name,
        token,
        signal: lost.signal,
        fence: fenceOf(name, token),
        async release(end = {}) {
          clearInterval(timer);
          await renewing;
          if (lost.signal.aborted) return;
          lost.abort(new Error(`the lease of ${name} was released`));
          const done = end.done ? sql`, done_at = now()` : sql``;
          await db.execute(sql`update duty_leases set until = now() ${done} where name = ${name} and token = ${token}`);
        },
      };
    },

    /**
     * Runs `work` holding the duty's lease (done once it resolves); undefined, and `work` not run, while another
     * holder's runs (or, with `notWithinMs`, when it was done that recently).
     */
    async run<T>(
      name: string,
      work: (lease: Lease) => Promise<T>,
      opts: HoldOptions = {},
    ): Promise<{ value: T } | undefined> {
      const lease = await this.hold(name, opts);
      if (!lease) return undefined;
      let done = false;
      try {
        const value = await work(lease);
        done = true;
        return { value };
      } finally {
        await lease.release({ done });
      }
    },

    /** Who holds the duty's lease now, and with which token (undefined: nobody, or it ran out). */
    async holderOf(name: string): Promise<{ holder: string; token: number } | undefined> {
      const [row] = rowsOf<{ holder: string; token: string | number }>(
        await db.execute(sql`select holder, token from duty_leases where name = ${name} and until > now()`),
      );
      return row ? { holder: row.holder, token: Number(row.token) } : undefined;
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
