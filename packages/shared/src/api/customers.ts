import { type Static, Type } from '@sinclair/typebox';
import { CHANNEL_STATUSES } from '../channels.ts';
import { TIMELINE_KINDS, type TimelineKind } from '../customers.ts';
import { Epoch, Id, PageNumber, PageSize, pageOf, SearchText } from './common.ts';
import { ContractSchema } from './contracts.ts';
import { DeviceInfoSchema } from './deviceInfo.ts';
import { TerminalSessionSchema } from './terminal.ts';
import { WanLinkSchema } from './wanLinks.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(s: T) => Type.Union([s, Type.Null()]);

/** A customer of the Customers list: a contract of the register and how many sites it covers. */
export const CustomerRowSchema = Type.Object({
  id: Type.Integer(),
  numContract: Type.String(),
  clientName: Type.String(),
  companyName: Type.String(),
  phone: Type.String(),
  street: Type.String(),
  segment: Type.String(),
  sites: Type.Array(Type.Object({ sitename: Type.String(), idname: Type.String() })),
});
export type CustomerRow = Static<typeof CustomerRowSchema>;

export const CustomerListQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 20 }),
  q: Type.Optional(SearchText),
});
export const CustomerListSchema = pageOf(CustomerRowSchema);

/** An access point of a customer's site that is down now, since when it was last seen (null: not said). */
const ApDownSchema = Type.Object({ name: Type.String(), mac: Type.String(), since: nullable(Type.Number()) });

/** A customer's site with its wifi now, as the controller says it (every figure null when it did not answer). */
export const CustomerSiteSchema = Type.Object({
  sitename: Type.String(),
  idname: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('warning'), Type.Literal('error'), Type.Literal('unknown')]),
  apsUp: nullable(Type.Integer()),
  apsDown: nullable(Type.Integer()),
  clients: nullable(Type.Integer()),
  down: Type.Array(ApDownSchema),
  /** the error code when the controller could not be read for this site */
  error: nullable(Type.String()),
});
export type CustomerSite = Static<typeof CustomerSiteSchema>;

/** A customer site of the customer report with its links' availability and timeline. */
export const CustomerWanSiteSchema = Type.Object({
  /** the customer report's id of the site */
  id: Type.Integer(),
  sitename: Type.String(),
  idname: nullable(Type.String()),
  stale: Type.Boolean(),
  lastPush: nullable(Type.Number()),
  links: Type.Array(WanLinkSchema),
});
export type CustomerWanSite = Static<typeof CustomerWanSiteSchema>;

/** A leased channel whose detail names the customer's contract. */
export const CustomerChannelSchema = Type.Object({
  /** the channel's id (its history's key) */
  id: Type.Integer(),
  detailId: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  servicePack: Type.String(),
  status: Type.Unsafe<(typeof CHANNEL_STATUSES)[number]>({ type: 'string', enum: [...CHANNEL_STATUSES] }),
  usernamePppoe: Type.String(),
  ipAddress: Type.String(),
  dateOnline: nullable(Type.Number()),
});

/** A stock-out record of the customer's contract: the equipment installed for them. */
export const CustomerEquipmentSchema = Type.Object({
  id: Type.Integer(),
  exportDate: Type.Number(),
  itemCode: Type.String(),
  itemName: Type.String(),
  serialNum: Type.String(),
  mac: Type.String(),
  status: Type.String(),
});

/** The vouchers of one of the customer's sites: how many, by status, and the newest. */
export const CustomerVouchersSchema = Type.Object({
  site: Type.String(),
  total: nullable(Type.Integer()),
  statuses: Type.Record(Type.String(), Type.Integer()),
  newest: Type.Array(
    Type.Object({ id: Type.String(), code: Type.String(), createTime: Type.Number(), status: Type.String() }),
  ),
  error: nullable(Type.String()),
});

export type CustomerVouchers = Static<typeof CustomerVouchersSchema>;

/**
 * One customer's page: the contract and, for each part the caller may read, its rows (null: not for this caller).
 * Lists are cut at `CUSTOMER_PART_MAX` rows; `more` names the parts that had more.
 */
export const CustomerPageSchema = Type.Object({
  asOf: Epoch,
  contract: ContractSchema,
  sites: Type.Array(CustomerSiteSchema),
  wanLinks: nullable(Type.Array(CustomerWanSiteSchema)),
  channels: nullable(Type.Array(CustomerChannelSchema)),
  equipment: nullable(Type.Array(CustomerEquipmentSchema)),
  deviceInfo: nullable(Type.Array(DeviceInfoSchema)),
  terminalSessions: nullable(Type.Array(TerminalSessionSchema)),
  vouchers: Type.Array(CustomerVouchersSchema),
  more: Type.Array(Type.String()),
  /** the kinds of the timeline this caller may read */
  timelineKinds: Type.Array(Type.Unsafe<TimelineKind>({ type: 'string', enum: [...TIMELINE_KINDS] })),
});
export type CustomerPage = Static<typeof CustomerPageSchema>;

export const TimelineEntrySchema = Type.Object({
  /** unique within the timeline: its kind, its source's id */
  key: Type.String(),
  at: Type.Number(),
  kind: Type.Unsafe<TimelineKind>({ type: 'string', enum: [...TIMELINE_KINDS] }),
  /** what happened, a code the web says in words: e.g. wan.down, accessPoint.up, channel.status, an audit event */
  what: Type.String(),
  /** who: a person's username, or 'router' / 'controller' for the machines */
  by: Type.String(),
  /** the facts the words name: the site, the link, the provider, the item, the serial, the status before and after */
  facts: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
});
export type TimelineEntry = Static<typeof TimelineEntrySchema>;

export const TimelineQuery = Type.Object({
  /** kinds, comma separated (none: every kind the caller may see) */
  kinds: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z,]*$' })),
  /** entries strictly before this time (epoch ms): the next page starts at the last one's `next` */
  before: Type.Optional(Epoch),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const TimelineSchema = Type.Object({
  entries: Type.Array(TimelineEntrySchema),
  /** where the next page starts (null: no more) */
  next: nullable(Type.Number()),
});
export type Timeline = Static<typeof TimelineSchema>;

export const CustomerParams = Type.Object({ id: Id });
