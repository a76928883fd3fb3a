import type { CurrentUser, UserRow } from '@it4u/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSites, users } from '../../db/schema.ts';
import {
  containsAny,
  containsPattern,
  foldedContains,
  foldedRank,
  pageOf,
  rowsOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';
import { firstSiteOf, siteListOf } from '../sites/siteRefs.ts';

export type UserRecord = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The columns of a user as the SQL of this file selects them (snake_case, as the database answers). */
export type UserSqlRow = {
  id: number;
  name: string;
  username: string;
  email: string;
  gender: string;
  language: string;
  type: string;
  status: string;
  change_pw: boolean;
  roles: string[];
  sites: { sitename: string; idname: string }[] | string;
};

/** A user as other areas name them. */
export type Person = { id: number; name: string; username: string; roles: string[]; status: string };
/** An active user as a list of people to pick from shows them: their first site, when they have one. */
export type DirectoryEntry = { id: number; name: string; username: string; site: string | null };

type ListRow = UserSqlRow & { last_time_login: string | number; num_login: number; total: string | number };

export function toCurrentUser(r: UserSqlRow): CurrentUser {
  return {
    id: r.id,
    name: r.name,
    username: r.username,
    email: r.email,
    gender: r.gender as CurrentUser['gender'],
    language: r.language as CurrentUser['language'],
    type: r.type as CurrentUser['type'],
    status: r.status as CurrentUser['status'],
    changePw: r.change_pw,
    roles: r.roles.map((name) => ({ name })) as CurrentUser['roles'],
    sitename: typeof r.sites === 'string' ? JSON.parse(r.sites) : r.sites,
  };
}

const toUserRow = (r: ListRow): UserRow => ({
  ...toCurrentUser(r),
  lastTimeLogin: Number(r.last_time_login),
  numLogin: r.num_login,
});

/** The user's sites as a JSON array, for a query whose users table is aliased u. */
export const SITES_OF_USER = sql`${siteListOf(sql`user_sites us`, sql`us.site_id`, sql`us.user_id = u.id`)} as sites`;

export function createUsersRepository(db: Db) {
  return {
    /** Users whose name, username or e-mail holds the folded words (the search box). */
    async searchFolded(
      terms: SearchTerms,
      page: SearchPage,
    ): Promise<{ id: number; name: string; username: string }[]> {
      return searchRows<{ id: number; name: string; username: string }>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from users where ${foldedContains(terms)})
          select u.id, u.name, u.username from users u join m on m.id = u.id order by m.rank, u.username ${pageOf(page)}`,
      );
    },

    async findByLogin(lowerKey: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${lowerKey} or lower(${users.email}) = ${lowerKey}`)
        .orderBy(sql`lower(${users.username}) = ${lowerKey} desc`)
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<UserRecord | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async list(opts: { q?: string; offset: number; limit: number }): Promise<{
      items: UserRow[];
      total: number;
    }> {
      const where = containsAny(opts.q, ['u.name', 'u.username', 'u.email']);
      const result = await db.execute(sql`
        select u.id, u.name, u.username, u.email, u.gender, u.language, u.type, u.status, u.change_pw, u.roles,
               u.last_time_login, u.num_login, ${SITES_OF_USER}, count(*) over() as total
        from users u
        where ${where}
        order by u.id
        limit ${opts.limit} offset ${opts.offset}`);
      const rows = rowsOf<ListRow>(result);
      if (rows.length === 0 && opts.offset > 0) {
        const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users u where ${where}`));
        return { items: [], total: Number(c?.n ?? 0) };
      }
      return { items: rows.map(toUserRow), total: Number(rows[0]?.total ?? 0) };
    },

    async getRow(id: number): Promise<UserRow | undefined> {
      const result = await db.execute(sql`
        select u.id, u.name, u.username, u.email, u.gender, u.language, u.type, u.status, u.change_pw, u.roles,
               u.last_time_login, u.num_login, ${SITES_OF_USER}, 1 as total
        from users u where u.id = ${id}`);
      const [row] = rowsOf<ListRow>(result);
      return row ? toUserRow(row) : undefined;
    },

    async insert(values: NewUser, siteIds: number[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(values).returning({ id: users.id });
        if (!row) throw new Error('insert returned nothing');
        if (siteIds.length) await tx.insert(userSites).values(siteIds.map((siteId) => ({ userId: row.id, siteId })));
        return row.id;
      });
    },

    /** Changes a user (and their sites, when given), and runs `also` in the same transaction (its answer is given). */
    async update<T = void>(
      id: number,
      values: Partial<NewUser>,
      siteIds?: number[],
      also?: (tx: Db) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, id));
        if (siteIds) {
          await tx.delete(userSites).where(eq(userSites.userId, id));
          if (siteIds.length) await tx.insert(userSites).values(siteIds.map((siteId) => ({ userId: id, siteId })));
        }
        return also?.(tx as unknown as Db);
      });
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length === 1;
    },

    async recordLogin(id: number): Promise<{ numLogin: number; lastTimeLogin: number }> {
      const [row] = await db
        .update(users)
        .set({ numLogin: sql`${users.numLogin} + 1`, lastTimeLogin: Date.now() })
        .where(eq(users.id, id))
        .returning({ numLogin: users.numLogin, lastTimeLogin: users.lastTimeLogin });
      return row ?? { numLogin: 0, lastTimeLogin: 0 };
    },

    /** Users by id, as other areas name them: their names, roles and status. */
    async people(ids: number[]): Promise<Person[]> {
      return db
        .select({ id: users.id, name: users.name, username: users.username, roles: users.roles, status: users.status })
        .from(users)
        .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
    },

    /**
     * The active users but one, with their first site (by name): only staff when `staffOnly`, and only those whose
     * name or username holds `text` when it is not empty.
     */
    async directory(exceptId: number, staffOnly: boolean, text: string): Promise<DirectoryEntry[]> {
      const p = containsPattern(text);
      return rowsOf<DirectoryEntry>(
        await db.execute(sql`
          select u.id, u.name, u.username,
            ${firstSiteOf(sql`user_sites us`, sql`us.site_id`, sql`us.user_id = u.id`)} as site
          from users u
          where u.id <> ${exceptId} and u.status = 'Active'
            ${staffOnly ? sql`and u.roles[1] <> 'ROLE_KH'` : sql``}
            ${text ? sql`and (u.name ilike ${p} or u.username ilike ${p})` : sql``}`),
      );
    },

    /** Users with a session used since then; `staff` leaves customers (first role ROLE_KH) out. */
    async online(since: Date, who: 'everyone' | 'staff'): Promise<{ id: number; username: string; name: string }[]> {
      const result = await db.execute(sql`
        select u.id, u.username, u.name from users u
        where exists (select 1 from sessions s where s.user_id = u.id and s.revoked_at is null
                      and s.expires_at > ${new Date().toISOString()}::timestamptz
                      and s.last_used_at > ${since.toISOString()}::timestamptz)
          and (${who === 'everyone'} or u.roles[1] <> 'ROLE_KH')
        order by u.name`);
      return rowsOf(result);
    },

    /**
     * Which of a username and an e-mail address already signs another user in (sign-in takes either, without case):
     * 'username' when the username is taken as a username or an address, 'email' when the address is.
     */
    async loginClash(
      values: { username?: string; email?: string },
      exceptId?: number,
    ): Promise<'username' | 'email' | undefined> {
      const names = [values.username, values.email].filter((v): v is string => !!v).map((v) => v.toLowerCase());
      if (names.length === 0) return undefined;
      const result = await db.execute(sql`
        select lower(u.username) as username, lower(u.email) as email from users u
        where (lower(u.username) = any(${sql.param(names)}::text[]) or lower(u.email) = any(${sql.param(names)}::text[]))
          and u.id <> ${exceptId ?? 0}
        limit 5`);
      const taken = new Set(rowsOf<{ username: string; email: string }>(result).flatMap((r) => [r.username, r.email]));
      if (values.username && taken.has(values.username.toLowerCase())) return 'username';
      if (values.email && taken.has(values.email.toLowerCase())) return 'email';
      return undefined;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
