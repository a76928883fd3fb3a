import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An administrator's rule of a kind of alert; a kind without a row has the defaults of `alerts.rules.ts`. */
export const alertRules = pgTable('alert_rules', {
  kind: text('kind').primaryKey(),
  enabled: boolean('enabled').notNull(),
  holdMinutes: integer('hold_minutes').notNull(),
  clearMinutes: integer('clear_minutes').notNull(),
  /** the kinds with a threshold of their own: the share left, in % (null: the default) */
  percent: integer('percent'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What the console watches, one row per condition seen: pending (its condition holds, not yet for its rule's
 * minutes: `opened_at` null, shown nowhere), open, or resolved. At most one unresolved row per kind and subject (the
 * index), so that instances looking at once open it once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** the site's short name on the controller (null: not a site's) */
    site: text('site'),
    customerId: integer('customer_id'),
    /** who is told besides those who see its site: every staff member, or administrators only */
    audience: text('audience').notNull().default('site'),
    params: jsonb('params').notNull(),
    /** since when the condition holds */
    since: timestamp('since', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** since when an open alert's condition is clear (null: it holds) */
    clearSince: timestamp('clear_since', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    ackedBy: text('acked_by'),
    ackNote: text('ack_note'),
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_one_unresolved_idx').on(t.kind, t.subject).where(sql`resolved_at is null`),
    index('alerts_open_idx').on(t.openedAt).where(sql`resolved_at is null and opened_at is not null`),
    index('alerts_resolved_idx').on(t.resolvedAt),
    check('alerts_audience', sql`${t.audience} in ('site', 'staff', 'admin')`),
  ],
);

/** The addresses an administrator set to receive the alerts as they open and resolve, each signed with its secret. */
export const alertWebhooks = pgTable(
  'alert_webhooks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** the body's form: the console's JSON, or a chat service's incoming webhook */
    format: text('format').notNull(),
    /** the HMAC-SHA256 key of the signature header, encrypted (AES-256-GCM) */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('alert_webhooks_format', sql`${t.format} in ('json', 'slack', 'discord', 'googleChat', 'teams')`)],
);

/**
 * Each alert's opening and resolving to send, once per channel (the mail, each webhook): queued in the look that
 * changed it (the index makes a second instance's queueing nothing), sent by whichever instance takes it, retried
 * with back-off, kept with the answer.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    webhookId: integer('webhook_id').references(() => alertWebhooks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** what the receiver answered (an HTTP status, the SMTP server's words) or why it failed */
    answer: text('answer'),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_idx').on(t.alertId, t.event, t.channel, sql`coalesce(${t.webhookId}, 0)`),
    index('alert_deliveries_due_idx').on(t.nextAt).where(sql`status in ('pending', 'sending')`),
    index('alert_deliveries_at_idx').on(t.at),
    check('alert_deliveries_event', sql`${t.event} in ('opened', 'resolved')`),
    check('alert_deliveries_channel', sql`${t.channel} in ('mail', 'webhook')`),
    check('alert_deliveries_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
