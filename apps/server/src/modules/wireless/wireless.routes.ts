import { wirelessRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { WirelessService } from './wireless.service.ts';

export async function wirelessRoutes(app: FastifyInstance, opts: { wireless: WirelessService }) {
  const { wireless } = opts;

  serve(app, routes, {
    'GET /it4u/:site/wlangroup': ({ principal, params }) => wireless.groups(principal, params.site),
    'POST /it4u/:site/wlangroup': (request) =>
      wireless.createGroup(contextOf(request), request.params.site, request.body.name),
    'GET /it4u/:site/wlanconf/:id': ({ principal, params }) => wireless.networks(principal, params.site, params.id),
    'GET /it4u/:site/essid/:ssid': ({ principal, params }) => wireless.network(principal, params.site, params.ssid),
    'POST /it4u/:site/wlanconf': (request) => wireless.create(contextOf(request), request.params.site, request.body),
    'PUT /it4u/:site/wlanconf/:ssid': (request) =>
      wireless.update(contextOf(request), request.params.site, request.params.ssid, request.body),
    'POST /it4u/:site/sitemgr': (request) => wireless.addSite(contextOf(request), request.body.desc),
    'POST /it4u/:site/group/device': (request) =>
      wireless.applyGroup(contextOf(request), request.params.site, request.body.groupId),
    'GET /it4u/:site/hotspot': ({ principal, params }) => wireless.hotspot(principal, params.site),
    'POST /it4u/:site/hotspot': (request) =>
      wireless.saveHotspot(contextOf(request), request.params.site, request.body),
  });
}
