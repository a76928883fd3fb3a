import { sitesRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { SitesService } from './sites.service.ts';

export async function sitesRoutes(app: FastifyInstance, opts: { sites: SitesService }) {
  const { sites } = opts;
  serve(app, routes, {
    'GET /it4u/getSitename/': (request) => sites.visibleTo(request.principal),
    'GET /it4u/sitenames': () => sites.all(),
    'GET /it4u/sitename': ({ query }) => sites.page(query.q, query.page, query.pageSize),
    'GET /it4u/sitename/:id': ({ params }) => sites.get(params.id),
    'POST /it4u/sitename/': (request) => sites.create(request.body, contextOf(request)),
    'PUT /it4u/sitename/:id': (request) => sites.update(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/sitename/:id': async (request) => {
      await sites.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
    'GET /it4u/createSitesName': (request) => sites.syncFromController(contextOf(request)),
  });
}
