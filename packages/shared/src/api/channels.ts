import { type Static, Type } from '@sinclair/typebox';
import { CHANNEL_DETAIL_DATES, CHANNEL_DEVICE_STATUSES, CHANNEL_STATUSES } from '../channels.ts';
import { Epoch, Id, LinkRef, Nullable, OptionalText, PageNumber, PageSize, SearchText } from './common.ts';
import { ContractRefSchema } from './contracts.ts';
import { CountedHoursSchema } from './sla.ts';

export const ChannelStatusSchema = Type.Unsafe<(typeof CHANNEL_STATUSES)[number]>({
  type: 'string',
  enum: [...CHANNEL_STATUSES],
});

export const ProviderSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const ServicePackSchema = Type.Object({
  id: Type.Integer(),
  servicePack: Type.String(),
  value: Type.String(),
  channelName: ProviderSchema,
  /** the availability the provider contracts for the pack, in % (null: none said) */
  availabilityTarget: Type.Union([Type.Number(), Type.Null()]),
  /** the hours that availability counts */
  countedHours: CountedHoursSchema,
});

export const AttributeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: ChannelStatusSchema,
  customer: Type.String(),
  virtualNum: Type.String(),
  usernamePPPoE: Type.String(),
  channelValue: Type.Union([ServicePackSchema, Type.Null()]),
  /** the service pack's name and value as the spec names them ('' without one) */
  servicePack: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
  /** the availability contracted for this channel, in %, over its pack's (null: the pack's) */
  availabilityTarget: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** the hours this channel's figure counts (null: the pack's) */
  countedHours: Type.Optional(Type.Union([CountedHoursSchema, Type.Null()])),
  createdAt: Type.Number(),
});

/** A channel's status as a write takes it: the lists' lowercase, or the spec's edit dropdown's capitalised. */
export const ChannelStatusInput = Type.Unsafe<
  (typeof CHANNEL_STATUSES)[number] | Capitalize<(typeof CHANNEL_STATUSES)[number]>
>({
  type: 'string',
  enum: [...CHANNEL_STATUSES, ...CHANNEL_STATUSES.map((s) => s.charAt(0).toUpperCase() + s.slice(1))],
});

const ChannelName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
/** A contracted availability in %, to the thousandth at most (the server refuses a finer one). */
const AvailabilityTarget = Type.Number({ minimum: 0, maximum: 100 });
const attributeFields = {
  status: Type.Optional(ChannelStatusInput),
  customer: OptionalText(200),
  virtualNum: OptionalText(100),
  usernamePPPoE: OptionalText(100),
  /** the service pack (channelValue) id, or null */
  channelValueId: Type.Optional(Nullable(Id)),
  /** the service pack as a channel shows it; channelValueId wins when both are sent */
  channelValue: Type.Optional(LinkRef),
  /**
   * the service pack as the spec names it, by its name (and its value where two providers' packs share a name);
   * '' for none
   */
  servicePack: OptionalText(200),
  value: OptionalText(200),
  /** the availability contracted for this channel over its pack's, in %; null: the pack's */
  availabilityTarget: Type.Optional(Nullable(AvailabilityTarget)),
  /** the hours that figure counts; null: the pack's */
  countedHours: Type.Optional(Type.Union([CountedHoursSchema, Type.Null()])),
};

/** A new channel: its name is required. */
export const AttributeCreateBody = Type.Object({ name: ChannelName, ...attributeFields });

/** A change of a channel: the fields sent change (the Details tab sends the status alone). */
export const AttributeUpdateBody = Type.Object({ name: Type.Optional(ChannelName), ...attributeFields });

export const ProviderBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) });

const packTerms = {
  availabilityTarget: Type.Optional(Nullable(AvailabilityTarget)),
  countedHours: Type.Optional(CountedHoursSchema),
};
const PackName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const ServicePackBody = Type.Object({
  servicePack: PackName,
  value: OptionalText(200),
  /** the provider: {id} or {name} */
  channelName: Type.Object({ id: Type.Optional(Id), name: OptionalText(100) }),
  ...packTerms,
});

/** A change of a service pack: the fields sent change. */
export const ServicePackUpdateBody = Type.Object({
  servicePack: Type.Optional(PackName),
  value: OptionalText(200),
  ...packTerms,
});

export const HistorySchema = Type.Object({
  id: Type.Integer(),
  entity: Type.Union([Type.Literal('attribute'), Type.Literal('detail')]),
  entityId: Type.Integer(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  at: Type.Number(),
  actorName: Type.String(),
  changes: Type.Array(Type.Object({ field: Type.String(), old: Type.Unknown(), new: Type.Unknown() })),
});

export const AttributeQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
  q: Type.Optional(SearchText),
  status: Type.Optional(ChannelStatusSchema),
  providerId: Type.Optional(Id),
});

type DateKey = (typeof CHANNEL_DETAIL_DATES)[number];
const DateMs = Nullable(Epoch);
const dateFields = Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, DateMs])) as Record<DateKey, typeof DateMs>;
const OptionalDate = Type.Optional(DateMs);
const optionalDateFields = Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, OptionalDate])) as Record<
  DateKey,
  typeof OptionalDate
>;

export const DetailSchema = Type.Object({
  id: Type.Integer(),
  fees: Type.Union([Type.Number(), Type.Null()]),
  routerType: Type.String(),
  ipAddress: Type.String(),
  ipType: Type.String(),
  customerMove: Type.String(),
  deviceStatus: Type.String(),
  regionalEngineer: Type.String(),
  votesRequire: Type.String(),
  createdAt: Type.Number(),
  ...dateFields,
  contract: Type.Union([ContractRefSchema, Type.Null()]),
  channelAttribute: AttributeSchema,
});

export const DetailBody = Type.Object({
  id: Type.Optional(Nullable(Id)),
  /** the channel: channelAttributeId, or the channel as a detail shows it (one of them is required) */
  channelAttributeId: Type.Optional(Id),
  channelAttribute: Type.Optional(Type.Object({ id: Id })),
  contractId: Type.Optional(Nullable(Id)),
  contract: Type.Optional(LinkRef),
  fees: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e15 }))),
  routerType: OptionalText(100),
  ipAddress: OptionalText(100),
  ipType: OptionalText(50),
  customerMove: OptionalText(200),
  deviceStatus: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['', ...CHANNEL_DEVICE_STATUSES] })),
  regionalEngineer: OptionalText(200),
  votesRequire: OptionalText(200),
  ...optionalDateFields,
});

export const DetailSearch = Type.Object({
  q: Type.Optional(SearchText),
  status: Type.Optional(ChannelStatusSchema),
  providerId: Type.Optional(Id),
  fromDate: Type.Optional(Epoch),
  toDate: Type.Optional(Epoch),
});

export const DetailQuery = Type.Composite([
  Type.Object({
    page: Type.Integer({ ...PageNumber, default: 1 }),
    pageSize: Type.Integer({ ...PageSize, default: 10 }),
  }),
  DetailSearch,
]);

/** The details tab's search by deploy-request date (POST /it4u/channel/attribute.date). */
export const DetailDateBody = Type.Object({
  fromDate: Epoch,
  toDate: Epoch,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize),
  q: Type.Optional(SearchText),
  status: Type.Optional(ChannelStatusSchema),
  providerId: Type.Optional(Id),
});

/** Channels per status (all six, zeros included) and per provider (id null: channels without a service pack). */
export const SummarySchema = Type.Object({
  byStatus: Type.Array(Type.Object({ status: ChannelStatusSchema, count: Type.Integer() })),
  byProvider: Type.Array(
    Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), count: Type.Integer() }),
  ),
});

export type ChannelProvider = Static<typeof ProviderSchema>;
export type ServicePack = Static<typeof ServicePackSchema>;
export type ChannelAttribute = Static<typeof AttributeSchema>;
export type AttributeCreateInput = Static<typeof AttributeCreateBody>;
export type AttributeUpdateInput = Static<typeof AttributeUpdateBody>;
export type ServicePackInput = Static<typeof ServicePackBody>;
export type ServicePackUpdate = Static<typeof ServicePackUpdateBody>;
export type ProviderInput = Static<typeof ProviderBody>;
export type DetailDateInput = Static<typeof DetailDateBody>;
export type ChannelHistoryEntry = Static<typeof HistorySchema>;
export type ChannelChange = ChannelHistoryEntry['changes'][number];
export type ChannelDetail = Static<typeof DetailSchema>;
export type DetailInput = Static<typeof DetailBody>;
export type ChannelSummary = Static<typeof SummarySchema>;
