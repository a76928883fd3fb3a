import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { WAN_LINKS } from '../constants.ts';

const IPV4 = '((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV6 = '[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*';
/** A WAN link's address: IPv4, IPv6, or empty (not known yet). */
const Ip = Type.String({ maxLength: 45, pattern: `^(|${IPV4}|${IPV6})$` });
/** Seconds of uptime: at most ten years. */
const Uptime = Type.Integer({ minimum: 0, maximum: 315_360_000 });
const Status = Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description: '1 = up, 0 = down' });

/** The same field of WAN 1 to 4 (`wan1Ip` … `wan4Ip`). */
type WanKey<P extends string> = `wan${(typeof WAN_LINKS)[number]}${P}`;
const eachWan = <P extends string, S extends TSchema>(suffix: P, schema: S) =>
  Object.fromEntries(WAN_LINKS.map((n) => [`wan${n}${suffix}`, schema])) as Record<WanKey<P>, S>;

/** What a customer site's router pushes every 4 minutes (POST /it4u/customer_info with the device token). */
export const CustomerPushBody = Type.Object(
  {
    sitename: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: "the site's name" }),
    groupClient: Type.Optional(Type.String({ maxLength: 100, description: 'the service group' })),
    ...eachWan('Provider', Type.Optional(Type.String({ maxLength: 50, description: 'empty or NONE: no link' }))),
    ...eachWan('Ip', Type.Optional(Ip)),
    ...eachWan('Status', Type.Optional(Status)),
    ...eachWan('Uptime', Type.Optional(Uptime)),
    uptimeLb: Type.Optional(Uptime),
  },
  { additionalProperties: false },
);

export const CustomerPushResultSchema = Type.Object({
  sitename: Type.String(),
  /** false: the name is not in the site names (the push is kept, and the report says so) */
  known: Type.Boolean(),
  /** the links whose state changed (each a line of their history) */
  changes: Type.Integer(),
});

/** A customer site registered by hand, before its router pushes. */
export const CustomerSiteBody = Type.Object({
  sitename: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  groupClient: Type.String({ maxLength: 100 }),
});

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row of the customer report: the web app's fields, and what the console adds. */
export const CustomerInfoSchema = Type.Object({
  id: Type.Integer(),
  sitename: Type.String(),
  groupClient: Type.String(),
  /** the controller's short name of the site, when the name is in the site names */
  idname: nullable(Type.String()),
  known: Type.Boolean(),
  /** the customer of the site's contract */
  customer: nullable(Type.String()),
  /** that contract's id: the customer's page, /customers/:id */
  customerId: nullable(Type.Integer()),
  /** access points of the site connected and disconnected (null: the controller did not say) */
  apconnected: nullable(Type.Integer()),
  apdisconnected: nullable(Type.Integer()),
  ...eachWan('Provider', Type.String()),
  ...eachWan('Ip', Type.String()),
  /** 1 up, 0 down, null unknown (no link, or the site is stale) */
  ...eachWan('Status', nullable(Type.Integer())),
  ...eachWan('Uptime', nullable(Type.Integer())),
  uptimeLb: nullable(Type.Integer()),
  /** the last push (ms), null before the first */
  lastPush: nullable(Type.Number()),
  /** seconds since the last push, on the console's clock (the browser's may differ) */
  pushAge: nullable(Type.Integer()),
  /** no push for 12 minutes: its links are unknown */
  stale: Type.Boolean(),
  /** an access point disconnected or a WAN link down */
  down: Type.Boolean(),
});

export const LinkStateSchema = Type.Unsafe<'up' | 'down' | 'unknown'>({
  type: 'string',
  enum: ['up', 'down', 'unknown'],
});

/** A stretch of time in one state (ms, from inclusive, to exclusive). */
export const SegmentSchema = Type.Object({ from: Type.Number(), to: Type.Number(), state: LinkStateSchema });

/** The windows of a link's history: the last 24 hours, 7 days and 30 days. */
export const WINDOWS = ['day', 'week', 'month'] as const;
export type HistoryWindow = (typeof WINDOWS)[number];

const perWindow = <T extends TSchema>(schema: T) => Type.Object({ day: schema, week: schema, month: schema });

export const WanLinkSchema = Type.Object({
  wan: Type.Integer(),
  provider: Type.String(),
  ip: Type.String(),
  state: LinkStateSchema,
  uptime: nullable(Type.Integer()),
  /** since when it is in this state (ms) */
  since: nullable(Type.Number()),
  /** up time ÷ known time, in %, per window (null: nothing known in it) */
  availability: perWindow(nullable(Type.Number())),
  /** how many times it went down in the last 24 hours */
  flaps: Type.Integer(),
  timeline: perWindow(Type.Array(SegmentSchema)),
});

/** One customer site with its links' history. */
export const CustomerDetailSchema = Type.Composite([
  CustomerInfoSchema,
  Type.Object({ now: Type.Number(), links: Type.Array(WanLinkSchema) }),
]);

export const ServiceGroupSchema = Type.Object({ groupName: Type.String() });

/** A WAN link of a site as the terminal's host picker lists it. */
export const NameValueSchema = Type.Object({ name: Type.String(), value: Type.String() });

export const ZabbixCheckSchema = Type.Object({
  configured: Type.Boolean(),
  ok: Type.Boolean(),
  /** the Zabbix API's version */
  version: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});

/** A site's device token as staff see it: its last four characters, never the token (shown once, when made). */
export const DeviceTokenSchema = Type.Object({
  id: Type.Integer(),
  hint: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.Number(),
  /** the router's last push with it (ms; written at most once a minute), null before the first */
  lastUsedAt: nullable(Type.Number()),
  /** null: live */
  revokedAt: nullable(Type.Number()),
});

/** A site's device tokens, and whether the shared token (tokenDev) still works for it. */
export const DeviceTokenListSchema = Type.Object({
  sitename: Type.String(),
  /** the shared token is on (Settings → Parameter) */
  sharedEnabled: Type.Boolean(),
  /** the shared token is on and the site has no live token of its own */
  sharedAccepted: Type.Boolean(),
  /** the live token first, then the revoked ones, the newest first (at most 50) */
  tokens: Type.Array(DeviceTokenSchema),
});

/** A token just made: the only time it is answered. */
export const NewDeviceTokenSchema = Type.Composite([DeviceTokenSchema, Type.Object({ token: Type.String() })]);

export type CustomerPush = Static<typeof CustomerPushBody>;
export type CustomerPushResult = Static<typeof CustomerPushResultSchema>;
export type CustomerSiteInput = Static<typeof CustomerSiteBody>;
export type CustomerInfo = Static<typeof CustomerInfoSchema>;
export type LinkState = Static<typeof LinkStateSchema>;
export type Segment = Static<typeof SegmentSchema>;
export type WanLink = Static<typeof WanLinkSchema>;
export type CustomerDetail = Static<typeof CustomerDetailSchema>;
export type ServiceGroup = Static<typeof ServiceGroupSchema>;
export type NameValue = Static<typeof NameValueSchema>;
export type ZabbixCheck = Static<typeof ZabbixCheckSchema>;
export type DeviceToken = Static<typeof DeviceTokenSchema>;
export type DeviceTokenList = Static<typeof DeviceTokenListSchema>;
export type NewDeviceToken = Static<typeof NewDeviceTokenSchema>;
