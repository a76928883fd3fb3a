import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupRuns } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/sql.ts';

export type BackupRunRow = typeof backupRuns.$inferSelect;

export function createBackupsRepository(db: Db) {
  return {
    /** Claims the one running backup: undefined when another runs (on any instance). */
    async start(trigger: string, byUser: string | null, at: Date): Promise<BackupRunRow | undefined> {
      try {
        const [row] = await db.insert(backupRuns).values({ trigger, byUser, startedAt: at }).returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** Says how a run ended, unless it was said already (cut short) or the duty's lease was taken over (`fence`). */
    async finish(
      id: number,
      result: { ok: boolean; finishedAt: Date; file?: string; bytes?: number; rows?: number; error?: string },
      fence: SQL,
    ): Promise<BackupRunRow | undefined> {
      const [row] = await db
        .update(backupRuns)
        .set({
          ok: result.ok,
          finishedAt: result.finishedAt,
          file: result.file ?? null,
          bytes: result.bytes ?? null,
          rows: result.rows ?? null,
          error: result.error ?? null,
        })
        .where(and(eq(backupRuns.id, id), isNull(backupRuns.finishedAt), fence))
        .returning();
      return row;
    },

    /** The backups still marked running were cut short (their instance stopped or died): said so, at `at`. */
    async endInterrupted(at: Date, fence: SQL): Promise<void> {
      await db
        .update(backupRuns)
        .set({ ok: false, finishedAt: at, error: 'interrupted (the console stopped while it ran)' })
        .where(and(isNull(backupRuns.finishedAt), fence));
    },

    latest(limit: number): Promise<BackupRunRow[]> {
      return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(limit);
    },

    /** The last backup that ended, well or not. */
    async lastEnded(): Promise<BackupRunRow | undefined> {
      const [row] = await db
        .select()
        .from(backupRuns)
        .where(isNotNull(backupRuns.finishedAt))
        .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
        .limit(1);
      return row;
    },

    async lastOk(): Promise<BackupRunRow | undefined> {
      const [row] = await db
        .select()
        .from(backupRuns)
        .where(eq(backupRuns.ok, true))
        .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
        .limit(1);
      return row;
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
