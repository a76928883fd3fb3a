import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';

/** The audit trail (`lib/audit.ts`), part of every area's core. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    event: text('event').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_event_target_at_idx').on(t.event, t.target, t.at),
    index('audit_events_event_ip_at_idx').on(t.event, t.ip, t.at),
    // the lines about one thing (a site's changes on its chart, a customer's lines)
    index('audit_events_target_at_idx').on(t.target, t.at),
    // the Audit screen's time filter
    index('audit_events_at_idx').on(t.at),
  ],
);

/** The Socket.IO PostgreSQL adapter's table for packets over NOTIFY's 8,000 bytes (the console sends none so large). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * The leases of the console's duties (`lib/leases.ts`), a row a duty: who holds it, until when on the database's clock,
 * its fencing token (one more at every take), and when its work last ended done (a duty done once a period).
 */
export const dutyLeases = pgTable('duty_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  token: bigint('token', { mode: 'number' }).notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});
