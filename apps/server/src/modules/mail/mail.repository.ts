import type { ErrorParams } from '@it4u/shared';
import type { MailKind } from '@it4u/shared/api';
import { and, count, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailLog, mailRuns } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql.ts';

export type MailLine = {
  at: Date;
  kind: MailKind;
  to: string[];
  cc: string[];
  subject: string;
  ok: boolean;
  code: string;
  params: ErrorParams | null;
  response: string;
  runAt: Date | null;
  actor: string | null;
  /** an availability report: the customer it was for (null or absent: the operator's) */
  customerId?: number | null;
};

export type RunStatus = 'running' | 'sent' | 'failed' | 'missed';
/** A scheduled mail: the customer report's schedule, or the monthly availability report. */
export type RunJob = 'report' | 'sla';

/** A lock key of the scheduled mails (pg_advisory_xact_lock): one instance at a time decides a time of one. */
const RUN_LOCK = 7_114_101;

/** A line of the send log as stored. */
export type MailRow = typeof mailLog.$inferSelect;

export function createMailRepository(db: Db) {
  return {
    async log(line: MailLine): Promise<number> {
      const [row] = await db
        .insert(mailLog)
        .values({ ...line, params: line.params ?? null })
        .returning({ id: mailLog.id });
      return (row as { id: number }).id;
    },

    async page(offset: number, limit: number) {
      const [items, [total]] = await Promise.all([
        db.select().from(mailLog).orderBy(desc(mailLog.at), desc(mailLog.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(mailLog),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async get(id: number) {
      const [row] = await db.select().from(mailLog).where(eq(mailLog.id, id));
      return row;
    },

    /** Each job's latest time decided on (sent, failed, missed), with what became of it. */
    async lastRuns(): Promise<{ job: RunJob; at: number; status: RunStatus }[]> {
      const rows = rowsOf<{ job: RunJob; at: number; status: RunStatus }>(
        await db.execute(sql`select distinct on (job) job, (extract(epoch from at) * 1000)::float8 as at, status
          from mail_runs where status <> 'running' order by job, at desc`),
      );
      return rows.map((r) => ({ ...r, at: Number(r.at) }));
    },

    /** The latest time of a job any instance decided on (sent, failed, missed). */
    async lastRun(job: RunJob): Promise<number | null> {
      const [row] = await db
        .select({ at: max(mailRuns.at) })
        .from(mailRuns)
        .where(eq(mailRuns.job, job));
      return row?.at ? row.at.getTime() : null;
    },

    /**
     * Takes a time of the schedule for this instance: true when no instance (nor an earlier try of this one) took
     * it. Under an advisory lock, and the time's key makes a second taker get nothing.
     */
    async claim(job: RunJob, at: number, status: RunStatus, now: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK})`);
        const rows = await tx
          .insert(mailRuns)
          .values({ job, at: new Date(at), status, recordedAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ at: mailRuns.at });
        return rows.length === 1;
      });
    },

    /**
     * Turns the times still "running" that were taken before `before` (their instance died, or never said what became
     * of the mail) into failed, each with the log line `lineOf` makes: under the lock, in one transaction, so that a
     * time gets one line whatever the number of instances looking. Answers the times.
     */
    async failStale(job: RunJob, before: number, lineOf: (at: Date) => MailLine): Promise<number[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK})`);
        const stale = await tx
          .update(mailRuns)
          .set({ status: 'failed' })
          .where(and(eq(mailRuns.job, job), eq(mailRuns.status, 'running'), lt(mailRuns.recordedAt, new Date(before))))
          .returning({ at: mailRuns.at });
        for (const { at } of stale) {
          const line = lineOf(at);
          const [row] = await tx
            .insert(mailLog)
            .values({ ...line, params: line.params ?? null })
            .returning({ id: mailLog.id });
          await tx
            .update(mailRuns)
            .set({ logId: (row as { id: number }).id })
            .where(and(eq(mailRuns.job, job), eq(mailRuns.at, at)));
        }
        return stale.map((r) => r.at.getTime());
      });
    },

    async finish(job: RunJob, at: number, status: RunStatus, logId: number | null): Promise<void> {
      await db
        .update(mailRuns)
        .set({ status, logId })
        .where(and(eq(mailRuns.job, job), eq(mailRuns.at, new Date(at))));
    },

    async runs(job: RunJob, limit: number) {
      return db
        .select({ at: mailRuns.at, status: mailRuns.status })
        .from(mailRuns)
        .where(eq(mailRuns.job, job))
        .orderBy(desc(mailRuns.at))
        .limit(limit);
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
