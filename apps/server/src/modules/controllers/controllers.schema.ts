import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    timeoutSeconds: integer('timeout_seconds').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('controllers_url_idx').on(t.url)],
);
