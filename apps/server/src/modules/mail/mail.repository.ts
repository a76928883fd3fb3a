import type { ErrorParams } from '@it4u/shared';
import type { MailKind } from '@it4u/shared/api';
import { and, count, desc, eq, max, type SQL, sql } from 'drizzle-orm';
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

    /** Takes a time of the schedule: true when no instance (nor an earlier try of this one) took it. */
    async claim(job: RunJob, at: number, status: RunStatus, now: number): Promise<boolean> {
      const rows = await db
        .insert(mailRuns)
        .values({ job, at: new Date(at), status, recordedAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ at: mailRuns.at });
      return rows.length === 1;
    },

    /**
     * Turns the job's times still "running" into failed, each with the log line `lineOf` makes, in one transaction:
     * asked by the holder of the job's lease (`fence`), for whom a time still running was taken by a holder that died
     * or stalled past its lease. Answers the times.
     */
    async failStale(job: RunJob, lineOf: (at: Date) => MailLine, fence: SQL): Promise<number[]> {
      return db.transaction(async (tx) => {
        const stale = await tx
          .update(mailRuns)
          .set({ status: 'failed' })
          .where(and(eq(mailRuns.job, job), eq(mailRuns.status, 'running'), fence))
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

    /** Says what became of a time, unless another holder of the job's lease took over since (`fence`). */
    async finish(job: RunJob, at: number, status: RunStatus, logId: number | null, fence: SQL): Promise<void> {
      await db
        .update(mailRuns)
        .set({ status, logId })
        .where(and(eq(mailRuns.job, job), eq(mailRuns.at, new Date(at)), fence));
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
