import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contracts } from '../contracts/contracts.schema.ts';

/** Transmission-channel providers (channelName). */
export const channelProviders = pgTable(
  'channel_providers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('channel_providers_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Service packs of a provider (channelValue). */
export const channelServicePacks = pgTable(
  'channel_service_packs',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => channelProviders.id, { onDelete: 'restrict' }),
    servicePack: text('service_pack').notNull(),
    value: text('value').notNull().default(''),
    /** the availability the provider contracts for the pack, in % (null: none said) */
    availabilityTarget: numeric('availability_target', { precision: 6, scale: 3, mode: 'number' }),
    /** the hours that availability counts: all day, or business hours */
    countedHours: text('counted_hours').notNull().default('all'),
  },
  (t) => [
    uniqueIndex('channel_service_packs_provider_pack_idx').on(t.providerId, sql`lower(${t.servicePack})`),
    check('channel_service_packs_hours_check', sql`${t.countedHours} in ('all', 'business')`),
    check(
      'channel_service_packs_target_check',
      sql`${t.availabilityTarget} is null or ${t.availabilityTarget} between 0 and 100`,
    ),
  ],
);

/** One leased channel of a customer (channel attribute). */
export const channelAttributes = pgTable(
  'channel_attributes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('offline'),
    customer: text('customer').notNull().default(''),
    virtualNum: text('virtual_num').notNull().default(''),
    usernamePppoe: text('username_pppoe').notNull().default(''),
    servicePackId: integer('service_pack_id').references(() => channelServicePacks.id, { onDelete: 'restrict' }),
    /** the availability contracted for this channel, in %, over its service pack's (null: the pack's) */
    availabilityTarget: numeric('availability_target', { precision: 6, scale: 3, mode: 'number' }),
    /** the hours this channel's figure counts (null: the pack's) */
    countedHours: text('counted_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the searched fields, folded (lower case, no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(sql`it4u_fold(name || ' ' || username_pppoe || ' ' || customer)`),
  },
  (t) => [
    index('channel_attributes_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    check(
      'channel_attributes_status_check',
      sql`${t.status} in ('online', 'offline', 'moved', 'paused', 'pending', 'suspend')`,
    ),
    index('channel_attributes_status_idx').on(t.status),
    index('channel_attributes_service_pack_idx').on(t.servicePackId),
    check('channel_attributes_counted_hours_check', sql`${t.countedHours} in ('all', 'business')`),
  ],
);

/**
 * Every create, change and delete of a channel attribute or detail: who, when, and each field's old and new value.
 * No foreign key to the channel, so the history outlives it.
 */
export const channelHistory = pgTable(
  'channel_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attributeId: integer('attribute_id').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('channel_history_attribute_at_idx').on(t.attributeId, t.at, t.id)],
);

/** The details of a customer's channel: dates, router, addresses, engineer; linked to a contract and a channel. */
export const channelDetails = pgTable(
  'channel_details',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => channelAttributes.id, { onDelete: 'restrict' }),
    /** The status of the channel (attribute), copied here by triggers so that one index serves the details tab. */
    status: text('status').notNull().default('offline'),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    fees: numeric('fees', { precision: 18, scale: 2, mode: 'number' }),
    routerType: text('router_type').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    ipType: text('ip_type').notNull().default(''),
    customerMove: text('customer_move').notNull().default(''),
    dateRequestStop: timestamp('date_request_stop', { withTimezone: true }),
    dateOnline: timestamp('date_online', { withTimezone: true }),
    dateStop: timestamp('date_stop', { withTimezone: true }),
    dateOnlineRequest: timestamp('date_online_request', { withTimezone: true }),
    deviceStatus: text('device_status').notNull().default(''),
    dateAcceptance: timestamp('date_acceptance', { withTimezone: true }),
    deployRequestDate: timestamp('deploy_request_date', { withTimezone: true }),
    regionalEngineer: text('regional_engineer').notNull().default(''),
    votesRequire: text('votes_require').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channel_details_attribute_idx').on(t.attributeId),
    index('channel_details_contract_idx').on(t.contractId),
    index('channel_details_deploy_idx').on(t.deployRequestDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('channel_details_status_deploy_idx').on(
      t.status,
      t.deployRequestDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
