import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditEvent = {
  event: string;
  actorId?: number | null;
  actorName?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/** Security events: sign-ins, password changes, role and status changes, session revocations. */
export function createAuditRepository(db: Db) {
  return {
    async record(e: AuditEvent): Promise<void> {
      await db.insert(auditEvents).values({
        event: e.event,
        actorId: e.actorId ?? null,
        actorName: e.actorName ?? null,
        target: e.target ?? null,
        ip: e.ip ?? null,
        details: e.details ?? null,
      });
    },

    async countSince(event: string, since: Date, by: { target?: string; ip?: string }): Promise<number> {
      const conditions = [eq(auditEvents.event, event), gt(auditEvents.at, since)];
      if (by.target !== undefined) conditions.push(eq(auditEvents.target, by.target));
      if (by.ip !== undefined) conditions.push(eq(auditEvents.ip, by.ip));
      const [row] = await db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(...conditions));
      return Number(row?.n ?? 0);
    },

    async list(limit = 100) {
      return db.select().from(auditEvents).orderBy(auditEvents.id).limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
