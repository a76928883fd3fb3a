import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { SITES_OF_USER, type UserSqlRow } from '../users/users.repository.ts';

export type PrincipalRow = UserSqlRow & {
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
      refreshHash: string;
      remember: boolean;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }) {
      await db.insert(sessions).values(s);
    },

    async find(id: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /** Swaps the refresh hash only if it is still the expected one (two refreshes racing: one wins). */
    async rotate(id: string, expectedHash: string, nextHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ refreshHash: nextHash, expiresAt, lastUsedAt: new Date() })
        .where(and(eq(sessions.id, id), eq(sessions.refreshHash, expectedHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    async revoke(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    /** Revokes every open session of a user, except one when given; answers how many. */
    async revokeAllOfUser(userId: number, exceptId?: string): Promise<number> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptId) conditions.push(ne(sessions.id, exceptId));
      const rows = await db
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
    async loadPrincipal(sessionId: string): Promise<PrincipalRow | undefined> {
      const result = await db.execute(sql`
        select u.id, u.name, u.username, u.email, u.gender, u.language, u.type, u.status, u.change_pw, u.roles,
               s.revoked_at, s.expires_at, s.last_used_at, ${SITES_OF_USER}
        from sessions s join users u on u.id = s.user_id
        where s.id = ${sessionId}`);
      return (result as unknown as { rows: PrincipalRow[] }).rows[0];
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
