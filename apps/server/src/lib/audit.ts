import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/**
 * The events recorded while a request is handled, for the check that a write left its line (lib/serve.ts). An event
 * counts once its insert returned: a write that rolled its transaction back after it and still answered success would
 * go unnoticed (no handler answers success after a rollback; the refused writes of the tests leave no line).
 */
export const auditScope = new AsyncLocalStorage<string[]>();

/** Who did it and from where: a request's context, or a user and an address (sign-in), or nobody (the system). */
export type AuditWho = { actor?: { id: number; username?: string } | null; ip?: string | null };

/** What happened to what. */
export type AuditFacts = { target?: string | null; details?: Record<string, unknown> };

/**
 * The fields a change changed, each with its value before and after, for an audit line: `{ phone: ['0903…', '0912…'] }`.
 * Fields named in `secret` say only that they changed (`['(changed)']`), never a value.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secret: readonly string[] = [],
): Record<string, unknown[]> {
  const changed: Record<string, unknown[]> = {};
  for (const key of Object.keys(after)) {
    const [b, a] = [before[key] ?? null, after[key] ?? null];
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changed[key] = secret.includes(key) ? ['(changed)'] : [b, a];
  }
  return changed;
}

/**
 * A save that changed nothing: the details' `changed` (the fields `changes` found) names no field, and no password
 * changed either. Its line would say nothing: it is not written.
 */
function changedNothing(details: Record<string, unknown> | undefined): boolean {
  const changed = details?.changed;
  if (typeof changed !== 'object' || changed === null || Array.isArray(changed)) return false;
  if (Object.keys(changed).length > 0) return false;
  const passwords = details?.passwords;
  return !(Array.isArray(passwords) && passwords.length > 0);
}

/** Security events: sign-ins, password changes, role and status changes, session revocations, settings. */
export function createAudit(db: Db) {
  return {
    /**
     * Records an event; answers its id (0 when nothing changed: no line). `within` writes it in a transaction of the caller's (a change and its audit
     * line are one write: both or neither).
     */
    async record(event: string, who: AuditWho, facts: AuditFacts = {}, within: Db = db): Promise<number> {
      // a save that changed nothing leaves no line (and is not missed: as `unchanged`)
      if (changedNothing(facts.details)) {
        auditScope.getStore()?.push(event);
        return 0;
      }
      const [row] = await within
        .insert(auditEvents)
        .values({
          // the console's clock, as the windows counted below (never the database's: the two may differ)
          at: new Date(),
          event,
          actorId: who.actor?.id ?? null,
          actorName: who.actor?.username ?? null,
          target: facts.target ?? null,
          ip: who.ip ?? null,
          details: facts.details ?? null,
        })
        .returning({ id: auditEvents.id });
      auditScope.getStore()?.push(event);
      return row?.id ?? 0;
    },

    /** A write that changed nothing (a record sent again with its key): it leaves no line and is not missed. */
    unchanged(event: string): void {
      auditScope.getStore()?.push(event);
    },

    /** Turns an event into another (a sign-in attempt into a throttled one). */
    async rename(id: number, event: string): Promise<void> {
      await db.update(auditEvents).set({ event }).where(eq(auditEvents.id, id));
    },

    /** Takes an event back (a sign-in attempt that turned out right). */
    async remove(id: number): Promise<void> {
      await db.delete(auditEvents).where(eq(auditEvents.id, id));
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

    /** The targets an event was recorded for, each once (the sites where vouchers were made). */
    async targetsOf(event: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ target: auditEvents.target })
        .from(auditEvents)
        .where(and(eq(auditEvents.event, event), isNotNull(auditEvents.target)));
      return rows.flatMap((r) => (r.target === null ? [] : [r.target]));
    },

    async list(limit = 100) {
      return db.select().from(auditEvents).orderBy(auditEvents.id).limit(limit);
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
