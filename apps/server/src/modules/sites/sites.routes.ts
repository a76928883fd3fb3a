import { sitesRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { SitesService } from './sites.service.ts';

/** A site as the spec names it too: its `name` is its `sitename`. */
const named = <T extends { sitename: string }>(site: T) => ({ ...site, name: site.sitename });
const allNamed = async <T extends { sitename: string }>(sites: Promise<T[]>) => (await sites).map(named);

export async function sitesRoutes(
  app: FastifyInstance,
  opts: { sites: SitesService; owners: () => Promise<Map<number, { customers: string[]; contracts: string[] }>> },
) {
  const { sites } = opts;
  serve(app, routes, {
    // with each site's customers and contract numbers, which the site selectors search too
    'GET /it4u/getSitename/': async (request) => {
      const [visible, owners] = await Promise.all([sites.visibleTo(request.principal), opts.owners()]);
      return visible.map((site) => ({ ...named(site), ...owners.get(site.id) }));
    },
    'GET /it4u/sitenames': () => allNamed(sites.all()),
    'GET /it4u/sitename': async ({ query }) => {
      const page = await sites.page(query.q, query.page, query.pageSize);
      return { ...page, items: page.items.map(named) };
    },
    'GET /it4u/sitename/:id': async ({ params }) => named(await sites.get(params.id)),
    'POST /it4u/sitename/': async (request) => named(await sites.create(request.body, contextOf(request))),
    'PUT /it4u/sitename/:id': async (request) =>
      named(await sites.update(request.params.id, request.body, contextOf(request))),
    'DELETE /it4u/sitename/:id': async (request) => {
      await sites.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
    'GET /it4u/createSitesName': (request) => sites.syncFromController(contextOf(request)),
  });
}
