import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contracts } from '../contracts/contracts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

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
    /** the stock on hand under which an alert opens (null: none) */
    minStock: integer('min_stock'),
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
    /** the key a phone gave the record it kept while offline: the same record sent twice is stored once */
    clientRef: uuid('client_ref'),
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
    uniqueIndex('stock_records_client_ref_idx').on(t.clientRef),
    // the reconciliation reads stock-outs by their MAC and by their serial as any case and spacing gives it
    index('stock_records_out_mac_idx').on(t.mac).where(sql`${t.kind} = 'out' and ${t.mac} <> ''`),
    index('stock_records_out_serial_upper_idx')
      .on(sql`upper(trim(${t.serialNum}))`)
      .where(sql`${t.kind} = 'out' and trim(${t.serialNum}) <> ''`),
  ],
);

/**
 * Where each device was seen: a MAC on a site, with the serial, model and name its controller gave, when it was first
 * seen there and when last. Access points and switches come from the sites' device lists (a connected one is seen at
 * the scan; one listed but down, when its controller last heard from it); a client only when its MAC is one the
 * warehouse issued (a customer's router). A removed site takes its sightings with it.
 */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    /** canonical AA:BB:CC:DD:EE:FF */
    mac: text('mac').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** upper case; '' for a client */
    serial: text('serial').notNull().default(''),
    kind: text('kind').notNull(),
    model: text('model').notNull().default(''),
    name: text('name').notNull().default(''),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** a network device's name and model, folded for the search box's trigram index ('' for a client) */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(sql`case when kind = 'device' then it4u_fold(name || ' ' || model) else '' end`),
  },
  (t) => [
    primaryKey({ columns: [t.mac, t.siteId] }),
    index('device_sightings_search_idx')
      .using('gin', t.searchFolded.op('gin_trgm_ops'))
      .where(sql`${t.kind} = 'device'`),
    check('device_sightings_kind_check', sql`${t.kind} in ('device', 'client')`),
    index('device_sightings_serial_idx').on(t.serial).where(sql`${t.serial} <> ''`),
    index('device_sightings_site_idx').on(t.siteId),
  ],
);

/**
 * Devices an operator said are the operator's own (its own network's access points and switches at a customer's
 * site): never counted as "online, never issued".
 */
export const ownDevices = pgTable('own_devices', {
  /** canonical AA:BB:CC:DD:EE:FF */
  mac: text('mac').primaryKey(),
  note: text('note').notNull().default(''),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  markedBy: text('marked_by').notNull().default(''),
});

/**
 * The scans of the controllers that write the sightings (one row, id 1). An instance takes a scan by setting
 * `started_at` and clearing `finished_at`, only when no scan runs (or the one running is stale) and the last began
 * long enough ago: one instance scans at a time. `online_from` and `read_at` are when the last good scan began and
 * ended (a device seen since `online_from` was online at it); `failed_at` is when a later one failed, if it did.
 */
export const sightingScans = pgTable('sighting_scans', {
  id: integer('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  onlineFrom: timestamp('online_from', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  /** the sites the last good scan read */
  sites: integer('sites').notNull().default(0),
  /** the sites it could not read (their controller did not answer): their devices keep the state seen before */
  unread: integer('unread').notNull().default(0),
});
