import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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
  Id,
  IdParams,
  MessageSchema,
  ProviderBody,
  ProviderSchema,
  pageOf,
  ServicePackBody,
  ServicePackSchema,
  SummarySchema,
  UploadResultSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import { type SheetLimits, UPLOAD_JSON_LIMIT, uploadedRows, XLSX_TYPE } from '../../lib/upload.ts';
import type { ChannelsService } from './channels.service.ts';

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
      schema: {
        tags,
        summary: 'Channel providers',
        security,
        response: { 200: Type.Array(ProviderSchema), ...authErrors },
      },
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
        body: ProviderBody,
        response: { 201: ProviderSchema, ...authErrors, 409: ErrorRef },
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
        response: { 200: Type.Array(ServicePackSchema), ...authErrors, 404: ErrorRef },
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
        body: ServicePackBody,
        response: { 201: ServicePackSchema, ...authErrors, 409: ErrorRef },
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
        response: { 200: pageOf(AttributeSchema), ...authErrors },
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
        params: Type.Object({ x: ChannelStatusSchema }),
        querystring: AttributeQuery,
        response: { 200: pageOf(AttributeSchema), ...authErrors },
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
        params: IdParams,
        response: { 200: AttributeSchema, ...authErrors, 404: ErrorRef },
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
        summary: 'Register a channel (its name is required; status offline unless given)',
        security,
        body: AttributeCreateBody,
        response: { 201: AttributeSchema, ...authErrors },
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
        params: IdParams,
        body: AttributeUpdateBody,
        response: { 200: AttributeSchema, ...authErrors, 404: ErrorRef },
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
        params: IdParams,
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
        response: { 200: pageOf(DetailSchema), ...authErrors },
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
        body: DetailDateBody,
        response: { 200: pageOf(DetailSchema), ...authErrors },
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
        response: { 200: DetailSchema, 201: DetailSchema, ...authErrors, 404: ErrorRef },
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
        params: IdParams,
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
        params: Type.Object({ x: Id }),
        response: { 200: Type.Array(HistorySchema), ...authErrors },
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
        response: { 200: SummarySchema, ...authErrors },
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
          200: UploadResultSchema,
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
