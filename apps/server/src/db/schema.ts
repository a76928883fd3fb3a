import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    sitename: text('sitename').notNull(),
    idname: text('idname').notNull(),
  },
  // the customer report finds a pushed name among the descriptions too
  (t) => [uniqueIndex('sites_idname_idx').on(t.idname), index('sites_sitename_idx').on(t.sitename)],
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

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    event: text('event').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_event_target_at_idx').on(t.event, t.target, t.at),
    index('audit_events_event_ip_at_idx').on(t.event, t.ip, t.at),
  ],
);

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
  },
  (t) => [
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
  },
  (t) => [
    check('stock_records_kind_check', sql`${t.kind} in ('in', 'out')`),
    index('stock_records_kind_date_idx').on(t.kind, t.exportDate, t.id),
    index('stock_records_item_kind_date_idx').on(t.itemId, t.kind, t.exportDate),
    index('stock_records_out_serial_idx').on(t.serialNum).where(sql`${t.kind} = 'out' and ${t.serialNum} <> ''`),
    index('stock_records_contract_idx').on(t.contractId),
  ],
);

/** Settings of the console, one JSON value per key (secrets inside are encrypted). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (t) => [uniqueIndex('channel_service_packs_provider_pack_idx').on(t.providerId, sql`lower(${t.servicePack})`)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'channel_attributes_status_check',
      sql`${t.status} in ('online', 'offline', 'moved', 'paused', 'pending', 'suspend')`,
    ),
    index('channel_attributes_status_idx').on(t.status),
    index('channel_attributes_service_pack_idx').on(t.servicePackId),
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

/** Bytes, as PostgreSQL's bytea. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The guest login page's splash images: per site (its controller short name) the latest desktop (16:10) and phone
 * (9:16) PNG. Kept in the database so that every instance serves them; `n` grows with each upload and names the
 * image's address, which may then be cached for good.
 */
export const splashImages = pgTable(
  'splash_images',
  {
    site: text('site').notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    png: bytea('png').notNull(),
    etag: text('etag').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.site, t.kind] }),
    check('splash_images_kind', sql`${t.kind} in ('desktop', 'mobile')`),
  ],
);

/**
 * The devices a voucher has let in through the guest login page: a controller counts no use when an external portal
 * lets a guest in, so the console counts them to hold a voucher to its number of uses. Each device takes the next
 * use (`slot` 1, 2, …): two phones racing for the same use collide on the key, so no lock is needed. A device that
 * comes back keeps what is left of its time.
 */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    site: text('site').notNull(),
    voucherId: text('voucher_id').notNull(),
    slot: integer('slot').notNull(),
    mac: text('mac').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.site, t.voucherId, t.slot] }),
    uniqueIndex('voucher_uses_device').on(t.site, t.voucherId, t.mac),
  ],
);

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
  },
  (t) => [uniqueIndex('customer_sites_sitename_idx').on(t.sitename), index('customer_sites_group_idx').on(t.groupName)],
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

/**
 * Every mail the console sent or failed to send: when, what kind, to whom, the subject, and the SMTP server's
 * answer or the error, in words. Never the body (a reset mail carries a secret link).
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    ok: boolean('ok').notNull(),
    /** what became of it: a code of API_ERRORS and its parameters */
    code: text('code').notNull(),
    params: jsonb('params'),
    /** the SMTP server's answer, or why it failed */
    response: text('response').notNull(),
    /** a scheduled report: the time of the schedule it was sent for */
    runAt: timestamp('run_at', { withTimezone: true }),
    /** who sent it (a test or a resend), null for the schedule and resets */
    actor: text('actor'),
  },
  (t) => [
    index('mail_log_at_idx').on(t.at),
    check('mail_log_kind', sql`${t.kind} in ('test', 'report', 'reset', 'notice')`),
  ],
);

/**
 * The scheduled report's times: one row a time of the schedule, taken by the first instance to reach it (the key
 * makes a second instance or a retry send nothing), or recorded as missed when every instance was down.
 */
export const mailRuns = pgTable(
  'mail_runs',
  {
    at: timestamp('at', { withTimezone: true }).primaryKey(),
    status: text('status').notNull(),
    logId: integer('log_id').references(() => mailLog.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('mail_runs_status', sql`${t.status} in ('running', 'sent', 'failed', 'missed')`)],
);

/** Password-reset links: only a hash of each token is kept; a link works once, until it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Each site's cronjob file (the controller's `config.properties`), every upload a new version with who and when,
 * and whether it reached the controller host.
 */
export const cronjobFiles = pgTable(
  'cronjob_files',
  {
    id: serial('id').primaryKey(),
    site: text('site').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    /** the version this one restored, if it is a restore */
    restoredFrom: integer('restored_from'),
    /** delivered, failed, or notConfigured (kept, no controller host to deliver to) */
    delivery: text('delivery').notNull(),
    /** what the delivery found, in words */
    deliveryMessage: text('delivery_message').notNull().default(''),
  },
  (t) => [
    uniqueIndex('cronjob_files_site_version_idx').on(t.site, t.version),
    check('cronjob_files_delivery', sql`${t.delivery} in ('delivered', 'failed', 'notConfigured')`),
  ],
);

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
  },
  (t) => [index('device_info_contract_idx').on(t.contractId), index('device_info_site_idx').on(t.siteId)],
);

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
  (t) => [index('terminal_sessions_started_idx').on(t.startedAt), index('terminal_sessions_user_idx').on(t.userId)],
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

/** A private conversation: one per pair of users, the lower id first. */
export const chatChannels = pgTable(
  'chat_channels',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userOne: integer('user_one')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwo: integer('user_two')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_channels_pair_idx').on(t.userOne, t.userTwo),
    index('chat_channels_two_idx').on(t.userTwo),
    check('chat_channels_order', sql`${t.userOne} < ${t.userTwo}`),
  ],
);

/** A message, stored before it is delivered. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    channel: uuid('channel')
      .notNull()
      .references(() => chatChannels.uuid, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    contents: text('contents').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_channel_idx').on(t.channel, t.id), index('chat_messages_to_idx').on(t.toUserId, t.id)],
);

/** The last message each person of a channel has read: their unread count is what came after it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    channel: uuid('channel')
      .notNull()
      .references(() => chatChannels.uuid, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    lastReadId: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] })],
);

/**
 * Presence: a row per user and instance holding sockets of theirs, renewed by that instance while they stay. A user is
 * online while a row of theirs is `online` and renewed within the presence TTL (so an instance that crashed stops
 * counting); their last seen is the newest `seen_at`.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    online: boolean('online').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instance] }), index('chat_presence_instance_idx').on(t.instance)],
);

/** The Socket.IO PostgreSQL adapter's table for packets over NOTIFY's 8,000 bytes (the console sends none so large). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
