import type { ZabbixCheck } from '@it4u/shared/api';
import { wanLinksRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { DeviceGrant, DeviceTokensService } from './deviceTokens.service.ts';
import type { Encoded, WanLinksService } from './wanLinks.service.ts';

/** A report written out once per copy (its schema documents it): gzipped to a client that takes it. */
function sendReport(request: FastifyRequest, reply: FastifyReply, report: Encoded) {
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? report.gzip : report.json);
}

/** The bearer token of a request, if it sent one. */
const bearer = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1];

export async function wanLinksRoutes(
  app: FastifyInstance,
  opts: {
    wanLinks: WanLinksService;
    deviceTokens: DeviceTokensService;
    zabbix: () => Promise<ZabbixCheck>;
  },
) {
  const { wanLinks, deviceTokens } = opts;
  /** what each push's token allows, from its check before the body is read to the handler */
  const grants = new WeakMap<FastifyRequest, DeviceGrant>();
  const deleted = { message: "You're successfully deleted." };

  serve(app, routes, {
    'POST /it4u/customer_info': {
      options: {
        bodyLimit: 8 * 1024,
        // a router's push changes no user or session: it leaves the session cache as it is
        config: { readOnly: true },
        // the device token before the body is read: a request without it is told nothing of its body (401, not 400)
        onRequest: async (request) => {
          grants.set(request, await deviceTokens.authorize(bearer(request.headers.authorization)));
        },
      },
      handler: async (request) => {
        const grant = grants.get(request);
        if (!grant) throw new Error('the device token was not checked');
        await deviceTokens.admit(grant, request.body.sitename);
        return wanLinks.push(request.body);
      },
    },

    // the sites' device tokens
    'GET /it4u/:id/deviceToken': ({ params }) => deviceTokens.list(params.id),
    'POST /it4u/:id/deviceToken': (request) => deviceTokens.create(request.params.id, contextOf(request)),
    'POST /it4u/:id/deviceToken/rotate': (request) => deviceTokens.rotate(request.params.id, contextOf(request)),
    'DELETE /it4u/:id/deviceToken': async (request) => {
      await deviceTokens.revoke(request.params.id, contextOf(request));
      return { message: 'The device token is revoked.' };
    },

    // the report
    'GET /it4u/customer_info': async (request, reply) => sendReport(request, reply, await wanLinks.listEncoded()),
    'GET /it4u/customer_info/:group': async (request, reply) =>
      sendReport(request, reply, await wanLinks.listEncoded(request.params.group)),
    'GET /it4u/:id/customer_info': ({ params }) => wanLinks.detail(params.id),
    'DELETE /it4u/:id/customer_info': async (request) => {
      await wanLinks.remove(request.params.id, contextOf(request));
      return deleted;
    },
    'POST /it4u/customerSite': (request) =>
      wanLinks.create(request.body.sitename, request.body.groupClient, contextOf(request)),
    'GET /it4u/group': () => wanLinks.groups(),
    'GET /it4u/:sitename/devicesInfo': ({ params }) => wanLinks.devicesInfo(params.sitename),
    'GET /it4u/cookiesZabbix': () => opts.zabbix(),
  });
}
