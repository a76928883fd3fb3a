import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Customer sites of the customer report: one row a site, made by its router's first push (or by hand), with what its
 * last push said (service group, load balancer's uptime, each link's uptime) and when it came, and the latest state
 * of its WAN links 1 to 4 (`links`: provider, address, up, since when; written only when one changes). One row a
 * site, so that a push that changes nothing is one statement and the report one read.
 */
export const customerSites = pgTable(
  'customer_sites',
  {
    id: serial('id').primaryKey(),
    sitename: text('sitename').notNull(),
    groupName: text('group_name').notNull().default(''),
    uptimeLb: integer('uptime_lb'),
    /** each link's uptime (s) by WAN number - 1, null where none */
    uptimes: integer('uptimes').array().notNull().default(sql`'{}'::integer[]`),
    links: jsonb('links').notNull().default(sql`'[]'::jsonb`),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    /** the push before the last (a push's one statement reads it back to tell a gap) */
    priorPushAt: timestamp('prior_push_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the name, group and each link's provider and address, folded for the search box's trigram index */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(
        sql`it4u_fold(sitename || ' ' || group_name || ' ' || jsonb_path_query_array(links, '$[*].provider')::text || ' ' || jsonb_path_query_array(links, '$[*].ip')::text)`,
      ),
  },
  (t) => [
    uniqueIndex('customer_sites_sitename_idx').on(t.sitename),
    index('customer_sites_group_idx').on(t.groupName),
    index('customer_sites_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
  ],
);

/**
 * A router's own device token: it writes the WAN state of its site only. Only the token's SHA-256 is kept (it is
 * shown once, when made); `hint` is its last characters, to tell tokens apart in the list.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    sitename: text('sitename').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_tokens_hash_idx').on(t.tokenHash), index('device_tokens_site_idx').on(t.sitename)],
);

/**
 * A WAN link's history: from `at`, the link was in `state` with this provider and address (until its next row).
 * Only changes are kept (up ↔ down, provider or address changed, pushes stopped: unknown), so that a link that
 * changes nothing costs nothing.
 */
export const wanEvents = pgTable(
  'wan_events',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => customerSites.id, { onDelete: 'cascade' }),
    wan: integer('wan').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    state: text('state').notNull(),
    provider: text('provider').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.wan, t.at] }),
    check('wan_events_state', sql`${t.state} in ('up', 'down', 'unknown')`),
  ],
);
