import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The UniFi controllers the console reads, first (lowest id) first: the spec's systemConfig shows and changes the
 * first. Passwords and API keys are encrypted (AES-256-GCM with the secrets key), '' when none.
 */
export const controllers = pgTable(
  'controllers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** auto (found at the first call), classic or unifios */
    flavor: text('flavor').notNull().default('auto'),
    /** account (user and password) or apiKey */
    signIn: text('sign_in').notNull().default('account'),
    username: text('username').notNull().default(''),
    password: text('password').notNull().default(''),
    apiKey: text('api_key').notNull().default(''),
    verifyTls: boolean('verify_tls').notNull().default(true),
    /** the SHA-256 fingerprint of the one certificate trusted (`AB:CD:…`), '' when none is pinned */
    tlsFingerprint: text('tls_fingerprint').notNull().default(''),
    timeoutSeconds: integer('timeout_seconds').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('controllers_url_idx').on(t.url)],
);

/**
 * The controllers' answers read within their window, shared by the instances of the console on one PostgreSQL (an
 * unlogged table: a cache, not data): the instance holding a key's lease asks the controller, the others wait for
 * its answer instead of asking too. A lease is short and renewed while its holder reads, so one that died frees it
 * within seconds.
 */
export const controllerReads = pgTable('controller_reads', {
  key: text('key').primaryKey(),
  /** `{ v: answer }` (absent before the first answer) */
  value: jsonb('value'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseOwner: text('lease_owner'),
});
