import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CHANNEL_DETAIL_DATES, CHANNEL_DEVICE_STATUSES, CHANNEL_STATUSES } from '@it4u/shared';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, MessageSchema, Nullable, pageOf, secured } from '../../lib/schemas.ts';
import { type SheetLimits, UPLOAD_JSON_LIMIT, uploadedRows, XLSX_TYPE } from '../../lib/upload.ts';
import { ContractRefSchema } from '../contracts/contracts.schemas.ts';
import type { ChannelsService } from './channels.service.ts';

const Status = Type.Unsafe<(typeof CHANNEL_STATUSES)[number]>({ type: 'string', enum: [...CHANNEL_STATUSES] });
const Provider = Type.Object({ id: Type.Integer(), name: Type.String() });
const ServicePack = Type.Object({
  id: Type.Integer(),
  servicePack: Type.String(),
  value: Type.String(),
  channelName: Provider,
});
const Attribute = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Status,
  customer: Type.String(),
  virtualNum: Type.String(),
  usernamePPPoE: Type.String(),
  channelValue: Type.Union([ServicePack, Type.Null()]),
  createdAt: Type.Number(),
});
const AttributeBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Status),
  customer: Type.Optional(Type.String({ maxLength: 200 })),
  virtualNum: Type.Optional(Type.String({ maxLength: 100 })),
  usernamePPPoE: Type.Optional(Type.String({ maxLength: 100 })),
  channelValueId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
const History = Type.Object({
  id: Type.Integer(),
  entity: Type.String(),
  entityId: Type.Integer(),
  action: Type.String(),
  at: Type.Number(),
  actorName: Type.String(),
  changes: Type.Array(Type.Object({ field: Type.String(), old: Type.Unknown(), new: Type.Unknown() })),
});
const AttributeQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Status),
  providerId: Type.Optional(Type.Integer({ minimum: 1 })),
});
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const DateMs = Nullable(Type.Number({ minimum: 0, maximum: 1e14 }));
const dateFields = Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, DateMs])) as Record<
  (typeof CHANNEL_DETAIL_DATES)[number],
  typeof DateMs
>;
const OptionalDate = Type.Optional(DateMs);
const optionalDateFields = Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, OptionalDate])) as Record<
  (typeof CHANNEL_DETAIL_DATES)[number],
  typeof OptionalDate
>;
const Detail = Type.Object({
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
  channelAttribute: Attribute,
});
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DetailBody = Type.Object({
  id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  channelAttributeId: Type.Integer({ minimum: 1 }),
  contractId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  fees: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e15 }))),
  routerType: text(100),
  ipAddress: text(100),
  ipType: text(50),
  customerMove: text(200),
  deviceStatus: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['', ...CHANNEL_DEVICE_STATUSES] })),
  regionalEngineer: text(200),
  votesRequire: text(200),
  ...optionalDateFields,
});
const DetailSearch = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Status),
  providerId: Type.Optional(Type.Integer({ minimum: 1 })),
  fromDate: Type.Optional(Type.Number({ minimum: 0 })),
  toDate: Type.Optional(Type.Number({ minimum: 0 })),
});
const DetailQuery = Type.Composite([
  Type.Object({
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  }),
  DetailSearch,
]);
const Summary = Type.Object({
  byStatus: Type.Array(Type.Object({ status: Status, count: Type.Integer() })),
  byProvider: Type.Array(
    Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), count: Type.Integer() }),
  ),
});

export async function channelsRoutes(
  app: FastifyInstance,
  opts: { channels: ChannelsService; sheetLimits: SheetLimits },
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { channels } = opts;
  const tags = ['channels'];
  const manage = { onRequest: app.auth('manage') };
  const security = secured;

  r.get(
    '/it4u/channel.name',
    {
      ...manage,
      schema: { tags, summary: 'Channel providers', security, response: { 200: Type.Array(Provider), ...authErrors } },
    },
    () => channels.providers(),
  );
  r.post(
    '/it4u/channel/name',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a provider (names are unique)',
        security,
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) }),
        response: { 201: Provider, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await channels.addProvider(request.body.name)),
  );
  r.get(
    '/it4u/channel/value.all.:x',
    {
      ...manage,
      schema: {
        tags,
        summary: "Service packs of a provider (x: the provider's id or name, or 'all')",
        security,
        params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Array(ServicePack), ...authErrors, 404: ErrorRef },
      },
    },
    (request) => channels.servicePacks(request.params.x),
  );
  r.post(
    '/it4u/channel/value',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a service pack to a provider (channelName: {id} or {name})',
        security,
        body: Type.Object({
          servicePack: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
          value: Type.Optional(Type.String({ maxLength: 200 })),
          channelName: Type.Object({
            id: Type.Optional(Type.Integer({ minimum: 1 })),
            name: Type.Optional(Type.String({ maxLength: 100 })),
          }),
        }),
        response: { 201: ServicePack, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await channels.addServicePack(request.body)),
  );

  r.get(
    '/it4u/channel/attribute.all',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Registered channels, newest first, paged; filters q, status, providerId',
        security,
        querystring: AttributeQuery,
        response: { 200: pageOf(Attribute), ...authErrors },
      },
    },
    (request) => channels.attributePage(request.query),
  );
  r.get(
    '/it4u/channel/attribute.all.:x',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Registered channels of one status (x), paged',
        security,
        params: Type.Object({ x: Status }),
        querystring: AttributeQuery,
        response: { 200: pageOf(Attribute), ...authErrors },
      },
    },
    (request) => channels.attributePage({ ...request.query, status: request.params.x }),
  );
  r.get(
    '/it4u/channel/attribute.:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'One registered channel',
        security,
        params: Id,
        response: { 200: Attribute, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => channels.getAttribute(request.params.id),
  );
  r.post(
    '/it4u/channel/attribute',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Register a channel (status offline unless given)',
        security,
        body: AttributeBody,
        response: { 201: Attribute, ...authErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await channels.createAttribute(request.body, contextOf(request))),
  );
  r.put(
    '/it4u/channel/attribute.:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change a registered channel (the change goes to its history)',
        security,
        params: Id,
        body: AttributeBody,
        response: { 200: Attribute, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => channels.updateAttribute(request.params.id, request.body, contextOf(request)),
  );
  r.delete(
    '/it4u/channel/attribute.:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a registered channel (its history stays)',
        security,
        params: Id,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await channels.removeAttribute(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  );
  r.get(
    '/it4u/channel/detail.all',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'Channel details, those without a deploy request date first, then the newest request first, paged; filters q, status, providerId, fromDate/toDate (deploy request date, ms)',
        security,
        querystring: DetailQuery,
        response: { 200: pageOf(Detail), ...authErrors },
      },
    },
    (request) => channels.detailPage(request.query),
  );
  r.post(
    '/it4u/channel/attribute.date',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'Channel details whose deploy request date is between fromDate and toDate (epoch ms, inclusive), paged',
        security,
        body: Type.Object({
          fromDate: Type.Number({ minimum: 0 }),
          toDate: Type.Number({ minimum: 0 }),
          page: Type.Optional(Type.Integer({ minimum: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          q: Type.Optional(Type.String({ maxLength: 200 })),
          status: Type.Optional(Status),
          providerId: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
        response: { 200: pageOf(Detail), ...authErrors },
      },
    },
    (request) =>
      channels.detailPage({ ...request.body, page: request.body.page ?? 1, pageSize: request.body.pageSize ?? 10 }),
  );
  r.post(
    '/it4u/channel/detail',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'Save a channel detail: an update when the body has an id (200), else a new detail (201); dates in epoch ms',
        security,
        body: DetailBody,
        response: { 200: Detail, 201: Detail, ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      const { detail, created } = await channels.saveDetail(request.body, contextOf(request));
      return reply.status(created ? 201 : 200).send(detail);
    },
  );
  r.delete(
    '/it4u/channel/detail.:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a channel detail (its history stays)',
        security,
        params: Id,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await channels.removeDetail(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  );

  r.get(
    '/it4u/history/channel/:x',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The change history of a channel (x: its id), newest first; kept after the channel is deleted',
        security,
        params: Type.Object({ x: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Array(History), ...authErrors },
      },
    },
    (request) => channels.history(request.params.x),
  );

  r.get(
    '/it4u/channel/summary',
    {
      ...manage,
      schema: {
        tags,
        summary: 'How many channels have each status, and how many each provider has',
        security,
        response: { 200: Summary, ...authErrors },
      },
    },
    () => channels.summary(),
  );

  r.post(
    '/it4u/import/channel',
    {
      ...manage,
      bodyLimit: UPLOAD_JSON_LIMIT,
      schema: {
        tags,
        summary:
          "Import channels: each row adds a channel and its detail. Body: a JSON array of row objects keyed by the first row's column names (those of GET /it4u/template/channel), or the spreadsheet (.xlsx, .xls, at most 20 MB) as multipart form data. All or nothing: 422 lists every bad row (unknown provider or service pack, bad date, unknown status, missing contract).",
        security,
        response: {
          200: Type.Object({ saved: Type.Integer() }),
          ...authErrors,
          413: ErrorRef,
          415: ErrorRef,
          422: ErrorRef,
        },
      },
    },
    async (request) => ({
      saved: await channels.importRows(await uploadedRows(request, opts.sheetLimits), contextOf(request)),
    }),
  );
  r.get(
    '/it4u/template/channel',
    {
      ...manage,
      schema: { tags, summary: 'An empty .xlsx with exactly the columns the channel import accepts', security },
    },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="channel-template.xlsx"')
        .send(channels.template()),
  );
  r.get(
    '/it4u/export/channel',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The channel details that match the search as .xlsx, in the columns of the import',
        security,
        querystring: DetailSearch,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="channel.xlsx"')
        .send(await channels.exportDetails(request.query)),
  );
}
