import { Type } from '@sinclair/typebox';
import {
  AttributeCreateBody,
  AttributeQuery,
  AttributeSchema,
  AttributeUpdateBody,
  ChannelStatusSchema,
  DetailBody,
  DetailDateBody,
  DetailQuery,
  DetailSchema,
  DetailSearch,
  HistorySchema,
  ProviderBody,
  ProviderSchema,
  ServicePackBody,
  ServicePackSchema,
  ServicePackUpdateBody,
  SummarySchema,
} from '../api/channels.ts';
import { Id, IdParams, MessageSchema, pageOf } from '../api/common.ts';
import { UploadResultSchema } from '../api/supplies.ts';
import { defineRoutes, READ } from '../contract.ts';

/** The channels register: providers and their service packs, registered channels, their details and history. */
export const channelsRoutes = defineRoutes('channels', {
  'GET /it4u/channel.name': {
    access: 'manage',
    summary: 'Channel providers',
    response: Type.Array(ProviderSchema),
  },
  'POST /it4u/channel/name': {
    access: 'manage',
    audit: 'channel.provider.create',
    summary: 'Add a provider (names are unique)',
    body: ProviderBody,
    response: ProviderSchema,
    status: 201,
    errors: [409],
  },
  'GET /it4u/channel/value.all.:x': {
    access: 'manage',
    summary: "Service packs of a provider (x: the provider's id or name, or 'all')",
    params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: Type.Array(ServicePackSchema),
    errors: [404],
  },
  'POST /it4u/channel/value': {
    access: 'manage',
    audit: 'channel.pack.create',
    summary: 'Add a service pack to a provider (channelName: {id} or {name})',
    body: ServicePackBody,
    response: ServicePackSchema,
    status: 201,
    errors: [409],
  },
  'PUT /it4u/channel/value.:id': {
    access: 'manage',
    audit: 'channel.pack.update',
    summary: 'Change a service pack: its name, value, contracted availability (%) and the hours that counts',
    params: IdParams,
    body: ServicePackUpdateBody,
    response: ServicePackSchema,
    errors: [404, 409],
  },

  'GET /it4u/channel/attribute.all': {
    access: 'manage',
    summary: 'Registered channels, newest first, paged; filters q, status, providerId',
    query: AttributeQuery,
    response: pageOf(AttributeSchema),
  },
  'GET /it4u/channel/attribute.all.:x': {
    access: 'manage',
    summary: 'Registered channels of one status (x), paged',
    params: Type.Object({ x: ChannelStatusSchema }),
    query: AttributeQuery,
    response: pageOf(AttributeSchema),
  },
  'GET /it4u/channel/attribute.:id': {
    access: 'manage',
    summary: 'One registered channel',
    params: IdParams,
    response: AttributeSchema,
    errors: [404],
  },
  'POST /it4u/channel/attribute': {
    access: 'manage',
    audit: 'channel.create',
    summary: 'Register a channel (its name is required; status offline unless given)',
    body: AttributeCreateBody,
    response: AttributeSchema,
    status: 201,
  },
  'PUT /it4u/channel/attribute.:id': {
    access: 'manage',
    audit: 'channel.update',
    summary: 'Change a registered channel (the change goes to its history)',
    params: IdParams,
    body: AttributeUpdateBody,
    response: AttributeSchema,
    errors: [404],
  },
  'DELETE /it4u/channel/attribute.:id': {
    access: 'manage',
    audit: 'channel.delete',
    summary: 'Delete a registered channel (its history stays)',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'GET /it4u/channel/detail.all': {
    access: 'manage',
    summary:
      'Channel details, those without a deploy request date first, then the newest request first, paged; filters q, status, providerId, fromDate/toDate (deploy request date, ms)',
    query: DetailQuery,
    response: pageOf(DetailSchema),
  },
  'POST /it4u/channel/attribute.date': {
    access: 'manage',
    audit: READ,
    summary: 'Channel details whose deploy request date is between fromDate and toDate (epoch ms, inclusive), paged',
    body: DetailDateBody,
    response: pageOf(DetailSchema),
  },
  'POST /it4u/channel/detail': {
    access: 'manage',
    audit: 'channel.detail.',
    summary:
      'Save a channel detail: an update when the body has an id (200), else a new detail (201); dates in epoch ms',
    body: DetailBody,
    response: DetailSchema,
    alsoStatus: 201,
    errors: [404],
  },
  'DELETE /it4u/channel/detail.:id': {
    access: 'manage',
    audit: 'channel.detail.delete',
    summary: 'Delete a channel detail (its history stays)',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },

  'GET /it4u/history/channel/:x': {
    access: 'manage',
    summary: 'The change history of a channel (x: its id), newest first; kept after the channel is deleted',
    params: Type.Object({ x: Id }),
    response: Type.Array(HistorySchema),
  },
  'GET /it4u/channel/summary': {
    access: 'manage',
    summary: 'How many channels have each status, and how many each provider has',
    response: SummarySchema,
  },

  'POST /it4u/import/channel': {
    access: 'manage',
    audit: 'channel.upload',
    summary:
      "Import channels: each row adds a channel and its detail. Body: a JSON array of row objects keyed by the first row's column names (those of GET /it4u/template/channel), or the spreadsheet (.xlsx, .xls, at most 20 MB) as multipart form data. All or nothing: 422 lists every bad row (unknown provider or service pack, bad date, unknown status, missing contract).",
    response: UploadResultSchema,
    errors: [413, 415, 422],
  },
  'GET /it4u/template/channel': {
    access: 'manage',
    summary: 'An empty .xlsx with exactly the columns the channel import accepts',
  },
  'GET /it4u/export/channel': {
    access: 'manage',
    summary: 'The channel details that match the search as .xlsx, in the columns of the import',
    query: DetailSearch,
  },
});
