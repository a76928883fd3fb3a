import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { LiveSession } from '../../plugins/auth.ts';
import { SITES_OF_USER, toCurrentUser, type UserSqlRow } from './users.repository.ts';

type SessionSqlRow = UserSqlRow & {
  revoked_at: Date | string | null;
  expires_at: Date | string;
  last_used_at: Date | string;
};

/** Sessions: one per sign-in; the refresh token's hash rotates on every refresh. */
export function createSessionRepository(db: Db) {
  return {
    async create(s: {
      id: string;
      userId: number;
      remember: boolean;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }) {
      // every time of a session is the console's clock, as the checks that read them
      const now = new Date();
      await db.insert(sessions).values({ ...s, createdAt: now, lastUsedAt: now });
    },

    async find(id: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /**
     * Moves the refresh counter on, only if it is still the expected one (two refreshes racing: one wins), and
     * answers whether it did.
     */
    async advance(id: string, expectedCounter: number, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({
          refreshCounter: sql`${sessions.refreshCounter} + 1`,
          rotatedAt: new Date(),
          expiresAt,
          lastUsedAt: new Date(),
        })
        .where(and(eq(sessions.id, id), eq(sessions.refreshCounter, expectedCounter), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    async revoke(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    /**
     * Revokes every open session of a user, except one when given; answers how many. `within` runs it in a
     * transaction of the caller's (a new password and the end of the sessions it replaces are one write).
     */
    async revokeAllOfUser(userId: number, exceptId?: string, within: Db = db): Promise<number> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptId) conditions.push(ne(sessions.id, exceptId));
      const rows = await within
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async touch(id: string): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));
    },

    /** The session and its user (with sites) in one round trip: every authenticated request does this. */
    async load(sessionId: string): Promise<LiveSession | undefined> {
      const result = await db.execute(sql`
        select u.id, u.name, u.username, u.email, u.gender, u.language, u.type, u.status, u.change_pw, u.roles,
               s.revoked_at, s.expires_at, s.last_used_at, ${SITES_OF_USER}
        from sessions s join users u on u.id = s.user_id
        where s.id = ${sessionId}`);
      const row = (result as unknown as { rows: SessionSqlRow[] }).rows[0];
      if (!row) return undefined;
      return {
        user: toCurrentUser(row),
        revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
        expiresAt: new Date(row.expires_at),
        lastUsedAt: new Date(row.last_used_at),
      };
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
