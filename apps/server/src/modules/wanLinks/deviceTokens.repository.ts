import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';

/** A site's device token as staff see it: never the token, only its last four characters. */
export type DeviceTokenRow = {
  id: number;
  sitename: string;
  hint: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A token as a push finds it by its hash. */
export type TokenGrant = { id: number; sitename: string; revoked: boolean };

type Raw = {
  id: number;
  sitename: string;
  hint: string;
  created_by: string;
  created_at: string | Date;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));
const toRow = (r: Raw): DeviceTokenRow => ({
  id: r.id,
  sitename: r.sitename,
  hint: r.hint,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
  lastUsedAt: date(r.last_used_at),
  revokedAt: date(r.revoked_at),
});

/** A new token's row: its hash (SHA-256, hex) and its last four characters. */
export type NewToken = { sitename: string; hash: string; hint: string; createdBy: string; at: Date };

type Rotated = { revoked: DeviceTokenRow[]; made: DeviceTokenRow };
/** What a write does next in its transaction (its audit line), given what it wrote. */
type Also<T> = (written: T, tx: Db) => Promise<unknown>;

/** The device tokens of customer sites' routers (table device_tokens). SQL only. */
export function createDeviceTokensRepository(db: Db) {
  /** The site's writes one at a time (create, rotate, revoke): never two live tokens by a race. */
  const lockSite = (tx: Pick<Db, 'execute'>, sitename: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(7113036, hashtext(${sitename}))`);

  const insert = async (tx: Pick<Db, 'execute'>, t: NewToken): Promise<DeviceTokenRow> => {
    const [row] = rowsOf<Raw>(
      await tx.execute(sql`insert into device_tokens (sitename, token_hash, hint, created_by, created_at)
        values (${t.sitename}, ${t.hash}, ${t.hint}, ${t.createdBy}, ${t.at.toISOString()}::timestamptz)
        returning id, sitename, hint, created_by, created_at, last_used_at, revoked_at`),
    );
    if (!row) throw new Error('the device token was not written');
    return toRow(row);
  };

  /** Revokes the site's live tokens at `at`: answers their rows. */
  const revokeLive = async (tx: Pick<Db, 'execute'>, sitename: string, at: Date): Promise<DeviceTokenRow[]> =>
    rowsOf<Raw>(
      await tx.execute(sql`update device_tokens set revoked_at = ${at.toISOString()}::timestamptz
        where sitename = ${sitename} and revoked_at is null
        returning id, sitename, hint, created_by, created_at, last_used_at, revoked_at`),
    ).map(toRow);

  const hasLive = async (tx: Pick<Db, 'execute'>, sitename: string) =>
    rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from device_tokens where sitename = ${sitename} and revoked_at is null`,
      ),
    )[0]?.n !== 0;

  return {
    /** Every live token's hash with its id and site, as one JSON text (read once every few seconds a instance). */
    async live(): Promise<Map<string, { id: number; sitename: string }>> {
      const [answer] = rowsOf<{ rows: string }>(
        await db.execute(sql`select coalesce(json_agg(json_build_array(token_hash, id, sitename)), '[]')::text as rows
          from device_tokens where revoked_at is null`),
      );
      const rows = JSON.parse(answer?.rows ?? '[]') as [string, number, string][];
      return new Map(rows.map(([hash, id, sitename]) => [hash, { id, sitename }]));
    },

    /** The token of that hash, live or revoked; undefined when none is. */
    async byHash(hash: string): Promise<TokenGrant | undefined> {
      const [row] = rowsOf<{ id: number; sitename: string; revoked: boolean }>(
        await db.execute(sql`select id, sitename, revoked_at is not null as revoked from device_tokens
          where token_hash = ${hash}`),
      );
      return row;
    },

    /**
     * A site's tokens: the live one first, then the revoked ones, the newest first. Newest by id, not by time: a
     * site's tokens are written one at a time (its lock), so their ids follow the writes, while a token made on an
     * instance whose clock is behind would fall below older ones by its time, and off a short list.
     */
    async list(sitename: string): Promise<DeviceTokenRow[]> {
      return rowsOf<Raw>(
        await db.execute(sql`select id, sitename, hint, created_by, created_at, last_used_at, revoked_at
          from device_tokens where sitename = ${sitename} order by revoked_at is null desc, id desc limit 50`),
      ).map(toRow);
    },

    // Each write runs `also` (its audit line) in its transaction when it wrote something: both or neither.

    /** A site's first live token; undefined (nothing written) when it has one already. */
    create: (t: NewToken, also: Also<DeviceTokenRow>): Promise<DeviceTokenRow | undefined> =>
      db.transaction(async (tx) => {
        await lockSite(tx, t.sitename);
        if (await hasLive(tx, t.sitename)) return undefined;
        const made = await insert(tx, t);
        await also(made, tx as unknown as Db);
        return made;
      }),

    /** The site's live token revoked and a new one made, at once; undefined (nothing written) when it has none. */
    rotate: (t: NewToken, also: Also<Rotated>): Promise<Rotated | undefined> =>
      db.transaction(async (tx) => {
        await lockSite(tx, t.sitename);
        const revoked = await revokeLive(tx, t.sitename, t.at);
        if (revoked.length === 0) return undefined;
        const done = { revoked, made: await insert(tx, t) };
        await also(done, tx as unknown as Db);
        return done;
      }),

    /** Revokes the site's live token: answers what was revoked (empty: it had none). */
    revoke: (sitename: string, at: Date, also: Also<DeviceTokenRow[]>): Promise<DeviceTokenRow[]> =>
      db.transaction(async (tx) => {
        await lockSite(tx, sitename);
        const revoked = await revokeLive(tx, sitename, at);
        if (revoked.length) await also(revoked, tx as unknown as Db);
        return revoked;
      }),

    /** Records when tokens were last used: one statement for all of them (a later time never goes back). */
    async touch(uses: { id: number; at: Date }[]): Promise<void> {
      if (uses.length === 0) return;
      const rows = JSON.stringify(uses.map((u) => ({ id: u.id, at: u.at.toISOString() })));
      await db.execute(sql`update device_tokens d set last_used_at = v.at
        from jsonb_to_recordset(${rows}::jsonb) as v(id int, at timestamptz)
        where d.id = v.id and (d.last_used_at is null or d.last_used_at < v.at)`);
    },
  };
}

export type DeviceTokensRepository = ReturnType<typeof createDeviceTokensRepository>;
