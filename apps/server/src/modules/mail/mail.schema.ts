import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Every mail the console sent or failed to send: when, what kind, to whom, the subject, and the SMTP server's
 * answer or the error, in words. Never the body (a reset mail carries a secret link).
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    ok: boolean('ok').notNull(),
    /** what became of it: a code of API_ERRORS and its parameters */
    code: text('code').notNull(),
    params: jsonb('params'),
    /** the SMTP server's answer, or why it failed */
    response: text('response').notNull(),
    /** a scheduled report: the time of the schedule it was sent for */
    runAt: timestamp('run_at', { withTimezone: true }),
    /** who sent it (a test or a resend), null for the schedule and resets */
    actor: text('actor'),
    /** an availability report: the customer whose own report it was (null: the operator's) */
    customerId: integer('customer_id'),
  },
  (t) => [
    index('mail_log_at_idx').on(t.at),
    check('mail_log_kind', sql`${t.kind} in ('test', 'report', 'reset', 'notice', 'sla', 'alert')`),
  ],
);

/**
 * The scheduled mails' times, per job (the customer report's schedule, the monthly availability report): one row a
 * time, taken by the first instance to reach it (the key makes a second instance or a retry send nothing), or
 * recorded as missed when every instance was down.
 */
export const mailRuns = pgTable(
  'mail_runs',
  {
    job: text('job').notNull().default('report'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    logId: integer('log_id').references(() => mailLog.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.at] }),
    check('mail_runs_status', sql`${t.status} in ('running', 'sent', 'failed', 'missed')`),
    check('mail_runs_job', sql`${t.job} in ('report', 'sla')`),
  ],
);
