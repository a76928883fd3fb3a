import { channelsRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import { type SheetLimits, sendSheet, sheetUpload } from '../../lib/upload.ts';
import type { ChannelsService } from './channels.service.ts';

export async function channelsRoutes(
  app: FastifyInstance,
  opts: { channels: ChannelsService; sheetLimits: SheetLimits },
) {
  const { channels } = opts;
  const deleted = { message: "You're successfully deleted." };

  serve(app, routes, {
    'GET /it4u/channel.name': () => channels.providers(),
    'POST /it4u/channel/name': (request) => channels.addProvider(request.body.name, contextOf(request)),
    'GET /it4u/channel/value.all.:x': ({ params }) => channels.servicePacks(params.x),
    'POST /it4u/channel/value': (request) => channels.addServicePack(request.body, contextOf(request)),
    'PUT /it4u/channel/value.:id': (request) =>
      channels.updateServicePack(request.params.id, request.body, contextOf(request)),

    'GET /it4u/channel/attribute.all': ({ query }) => channels.attributePage(query),
    'GET /it4u/channel/attribute.all.:x': ({ params, query }) => channels.attributePage({ ...query, status: params.x }),
    'GET /it4u/channel/attribute.:id': ({ params }) => channels.getAttribute(params.id),
    'POST /it4u/channel/attribute': (request) => channels.createAttribute(request.body, contextOf(request)),
    'PUT /it4u/channel/attribute.:id': (request) =>
      channels.updateAttribute(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/channel/attribute.:id': async (request) => {
      await channels.removeAttribute(request.params.id, contextOf(request));
      return deleted;
    },
    'GET /it4u/channel/detail.all': ({ query }) => channels.detailPage(query),
    'POST /it4u/channel/attribute.date': ({ body }) =>
      channels.detailPage({ ...body, page: body.page ?? 1, pageSize: body.pageSize ?? 10 }),
    'POST /it4u/channel/detail': async (request, reply) => {
      const { detail, created } = await channels.saveDetail(request.body, contextOf(request));
      return reply.status(created ? 201 : 200).send(detail);
    },
    'DELETE /it4u/channel/detail.:id': async (request) => {
      await channels.removeDetail(request.params.id, contextOf(request));
      return deleted;
    },

    'GET /it4u/history/channel/:x': ({ params }) => channels.history(params.x),
    'GET /it4u/channel/summary': () => channels.summary(),

    'POST /it4u/import/channel': sheetUpload(opts.sheetLimits, (rows, request) =>
      channels.importRows(rows, contextOf(request)),
    ),
    'GET /it4u/template/channel': (_request, reply) => sendSheet(reply, 'channel-template.xlsx', channels.template()),
    'GET /it4u/export/channel': async ({ query }, reply) =>
      sendSheet(reply, 'channel.xlsx', await channels.exportDetails(query)),
  });
}
