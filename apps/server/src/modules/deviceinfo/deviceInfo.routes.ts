import { deviceInfoRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import { type SheetLimits, sendSheet, sheetUpload } from '../../lib/upload.ts';
import type { DeviceInfoService } from './deviceInfo.service.ts';

export async function deviceInfoRoutes(
  app: FastifyInstance,
  opts: { devices: DeviceInfoService; sheetLimits: SheetLimits },
) {
  const { devices } = opts;
  serve(app, routes, {
    'GET /it4u/clientDeviceInfLimit/:x': ({ params, query }) => devices.page(query.q, query.page ?? 1, params.x),
    'POST /it4u/searchClientDeviceInf': ({ body }) => devices.page(body.content, body.page ?? 1, body.pageSize ?? 10),
    'POST /it4u/clientDeviceInf': (request) => devices.create(request.body, contextOf(request)),
    'PUT /it4u/clientDeviceInf/:id': (request) => devices.update(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/clientDeviceInf/:id': async (request) => {
      await devices.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
    'POST /it4u/clientDeviceInf/:id/reveal': async (request, reply) => {
      const value = await devices.reveal(request.params.id, request.body.field, contextOf(request));
      return reply.header('cache-control', 'no-store').send({ value });
    },
    'POST /it4u/upload/ClientDeviceInf': sheetUpload(opts.sheetLimits, (rows, request) =>
      devices.upload(rows, contextOf(request)),
    ),
    'GET /it4u/clientDeviceInf/template': (_request, reply) =>
      sendSheet(reply, 'clientDeviceInf-template.xlsx', devices.template()),
    'GET /it4u/clientDeviceInf/export': async ({ query }, reply) =>
      sendSheet(reply, 'clientDeviceInf.xlsx', await devices.exportSheet(query.q)),
  });
}
