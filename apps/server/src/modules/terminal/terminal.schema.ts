import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { deviceInfo } from '../deviceinfo/deviceInfo.schema.ts';
import { users } from '../users/users.schema.ts';

/** The remote terminal's pinned host keys: one per host and port, pinned at the first connection. */
export const sshHostKeys = pgTable(
  'ssh_host_keys',
  {
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** SHA256:… as OpenSSH shows it */
    fingerprint: text('fingerprint').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
    pinnedBy: text('pinned_by').notNull(),
    /** a different key the host offered since (refused until an administrator accepts it) */
    offeredFingerprint: text('offered_fingerprint'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.host, t.port] })],
);

/**
 * Hosts a stored password may be sent to, per device information row: a host is approved by an ADMIN or LEAD_KT for
 * that row with the key it offered (`fingerprint`), never as a side effect of connecting. A connection with a stored
 * password to a host not approved stops at `pending` (the key it offered recorded for the approver to see).
 */
export const terminalHostApprovals = pgTable(
  'terminal_host_approvals',
  {
    deviceInfoId: integer('device_info_id')
      .notNull()
      .references(() => deviceInfo.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** where the address came from: a field of the row (`ipWan1`, `ipOther`, …) or a router's push (`push:wan2`) */
    source: text('source').notNull(),
    /** SHA256:… of the key the host offered (pending) or that was approved */
    fingerprint: text('fingerprint').notNull(),
    /** 'pending' | 'approved' */
    state: text('state').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceInfoId, t.host, t.port] }),
    check('terminal_host_approvals_state', sql`${t.state} in ('pending', 'approved')`),
  ],
);

/** A remote terminal session: who went where, for how long, how much, why it closed; its recording in chunks. */
export const terminalSessions = pgTable(
  'terminal_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** the device information row and its site, as they were */
    deviceInfoId: integer('device_info_id'),
    site: text('site').notNull().default(''),
    customer: text('customer').notNull().default(''),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    sshUser: text('ssh_user').notNull(),
    cols: integer('cols').notNull(),
    rows: integer('rows').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** the last sign of life: a session not ended and silent for longer than the idle time is over */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    bytesIn: bigint('bytes_in', { mode: 'number' }).notNull().default(0),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull().default(0),
    closeReason: text('close_reason'),
    recordedBytes: integer('recorded_bytes').notNull().default(0),
    truncated: boolean('truncated').notNull().default(false),
  },
  (t) => [
    index('terminal_sessions_started_idx').on(t.startedAt),
    index('terminal_sessions_user_idx').on(t.userId),
    index('terminal_sessions_device_idx').on(t.deviceInfoId, t.startedAt),
  ],
);

/** A session's recording (asciicast v2 event lines), in the order written. */
export const terminalChunks = pgTable(
  'terminal_chunks',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => terminalSessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);
