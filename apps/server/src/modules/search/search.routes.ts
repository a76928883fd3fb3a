import { searchRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve.ts';
import type { SearchService } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance, opts: { search: SearchService }) {
  serve(app, routes, {
    'GET /it4u/search': ({ principal, query }) => opts.search.search(principal, query),
  });
}
