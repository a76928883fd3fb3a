import { wirelessRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { WirelessService } from './wireless.service.ts';

export async function wirelessRoutes(app: FastifyInstance, opts: { wireless: WirelessService }) {
  const { wireless } = opts;

  serve(app, routes, {
    'GET /it4u/:site/wlangroup': ({ principal, params }) => wireless.groups(principal, params.site),
    'POST /it4u/:site/wlangroup': ({ principal, params, body }) =>
      wireless.createGroup(principal, params.site, body.name),
    'GET /it4u/:site/wlanconf/:id': ({ principal, params }) => wireless.networks(principal, params.site, params.id),
    'GET /it4u/:site/essid/:ssid': ({ principal, params }) => wireless.network(principal, params.site, params.ssid),
    'POST /it4u/:site/wlanconf': ({ principal, params, body }) => wireless.create(principal, params.site, body),
    'PUT /it4u/:site/wlanconf/:ssid': ({ principal, params, body }) =>
      wireless.update(principal, params.site, params.ssid, body),
    'POST /it4u/:site/sitemgr': (request) => wireless.addSite(contextOf(request), request.body.desc),
    'POST /it4u/:site/group/device': ({ principal, params, body }) =>
      wireless.applyGroup(principal, params.site, body.groupId),
    'GET /it4u/:site/hotspot': ({ principal, params }) => wireless.hotspot(principal, params.site),
    'POST /it4u/:site/hotspot': ({ principal, params, body }) => wireless.saveHotspot(principal, params.site, body),
  });
}
