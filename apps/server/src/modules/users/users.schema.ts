import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender').notNull().default('Male'),
    language: text('language').notNull().default('English'),
    type: text('type').notNull().default('User'),
    status: text('status').notNull().default('Active'),
    roles: text('roles').array().notNull().default(sql`'{ROLE_KH}'::text[]`),
    changePw: boolean('change_pw').notNull().default(false),
    lastTimeLogin: bigint('last_time_login', { mode: 'number' }).notNull().default(0),
    numLogin: integer('num_login').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the searched fields, folded (lower case, no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(sql`it4u_fold(name || ' ' || username || ' ' || email)`),
  },
  (t) => [
    index('users_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const userSites = pgTable(
  'user_sites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_sites_site_idx').on(t.siteId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * How many times the refresh token was rotated: the live refresh token is `<id>.<counter>.<HMAC>` of this counter
     * (nothing secret is stored). An earlier counter presented again is a stolen copy; the one just replaced is
     * accepted for a moment (two tabs refreshing at once).
     */
    refreshCounter: integer('refresh_counter').notNull().default(0),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_used_idx').on(t.lastUsedAt)],
);
