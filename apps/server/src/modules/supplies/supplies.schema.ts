import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contracts } from '../contracts/contracts.schema.ts';

export const supplyItems = pgTable(
  'supply_items',
  {
    id: serial('id').primaryKey(),
    itemCode: text('item_code').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    number: integer('number').notNull().default(0),
    value: numeric('value', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('supply_items_item_code_lower_idx').on(sql`lower(${t.itemCode})`)],
);

/** Stock in (kind 'in') and stock out (kind 'out') records. */
export const stockRecords = pgTable(
  'stock_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => supplyItems.id, { onDelete: 'restrict' }),
    exportDate: timestamp('export_date', { withTimezone: true }).notNull(),
    licence: text('licence').notNull().default(''),
    number: integer('number').notNull(),
    value: numeric('value', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 20, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`number * value`),
    supplier: text('supplier').notNull().default(''),
    serialNum: text('serial_num').notNull().default(''),
    mac: text('mac').notNull().default(''),
    macFormat: text('mac_format').notNull().default(''),
    warrantyPeriod: integer('warranty_period').notNull().default(0),
    storageTerm: integer('storage_term').notNull().default(0),
    warrantyLandmark: timestamp('warranty_landmark', { withTimezone: true }),
    note: text('note').notNull().default(''),
    status: text('status'),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the searched fields, folded (lower case, no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded').notNull().generatedAlwaysAs(sql`it4u_fold(serial_num || ' ' || mac)`),
  },
  (t) => [
    index('stock_records_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    check('stock_records_kind_check', sql`${t.kind} in ('in', 'out')`),
    index('stock_records_kind_date_idx').on(t.kind, t.exportDate, t.id),
    index('stock_records_item_kind_date_idx').on(t.itemId, t.kind, t.exportDate),
    index('stock_records_out_serial_idx').on(t.serialNum).where(sql`${t.kind} = 'out' and ${t.serialNum} <> ''`),
    index('stock_records_contract_idx').on(t.contractId),
  ],
);
