import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { contracts } from '../contracts/contracts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

/**
 * Customer device information: a customer's WAN links, load balancer and other device. The text fields are one JSON
 * object (their names are the API's), the passwords another, each encrypted with the stored-secrets key.
 */
export const deviceInfo = pgTable(
  'device_info',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    fields: jsonb('fields').notNull().default(sql`'{}'::jsonb`),
    /** field name → encrypted password */
    secrets: jsonb('secrets').notNull().default(sql`'{}'::jsonb`),
    /** the text fields' values, lower case, for the search box */
    search: text('search').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** `search`, folded (no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded').notNull().generatedAlwaysAs(sql`it4u_fold(search)`),
  },
  (t) => [
    index('device_info_contract_idx').on(t.contractId),
    index('device_info_site_idx').on(t.siteId),
    index('device_info_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
  ],
);
