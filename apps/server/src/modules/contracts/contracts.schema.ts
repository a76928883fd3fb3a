import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    customId: text('custom_id').notNull().default(''),
    numContract: text('num_contract').notNull(),
    clientName: text('client_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    servicePlans: text('service_plans').notNull().default(''),
    segment: text('segment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the searched fields, folded (lower case, no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(sql`it4u_fold(client_name || ' ' || num_contract || ' ' || company_name || ' ' || phone)`),
  },
  (t) => [
    index('contracts_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    uniqueIndex('contracts_num_contract_lower_idx').on(sql`lower(${t.numContract})`),
    index('contracts_client_name_idx').on(t.clientName),
  ],
);

export const contractSites = pgTable(
  'contract_sites',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.siteId] }), index('contract_sites_site_idx').on(t.siteId)],
);
