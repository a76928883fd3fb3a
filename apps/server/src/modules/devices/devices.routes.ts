import { devicesRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { DevicesService } from './devices.service.ts';

export async function devicesRoutes(app: FastifyInstance, opts: { devices: DevicesService }) {
  const { devices } = opts;

  serve(app, routes, {
    'GET /it4u/:site/devices': ({ principal, params }) => devices.connected(principal, params.site),
    'GET /it4u/:site/devices/page': ({ principal, params, query }) =>
      devices.connectedPage(principal, params.site, query),
    'GET /it4u/:site/block/info': ({ principal, params }) => devices.blocked(principal, params.site),
    'GET /it4u/:site/block/info/page': ({ principal, params, query }) =>
      devices.blockedPage(principal, params.site, query),
    'POST /it4u/:site/block/device': async (request) => {
      const block = request.body.cmd === 'block-sta';
      await devices.setBlocked(contextOf(request), request.params.site, request.body.mac, block);
      return { message: block ? "You're successfully blocked." : "You're successfully unblocked." };
    },
  });
}
