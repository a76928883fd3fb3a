import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The backups the console made, on a schedule or asked for by an administrator: shared by the instances, so that one
 * of them makes each (at most one runs at a time: the index on the unfinished ones) and all show the last result.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    /** schedule or manual */
    trigger: text('trigger').notNull(),
    /** who asked (Back up now), else null */
    byUser: text('by_user'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    /** the file's name in the backups folder */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    rows: integer('rows'),
    error: text('error'),
  },
  () => [uniqueIndex('backup_runs_one_running_idx').on(sql`(true)`).where(sql`finished_at is null`)],
);
