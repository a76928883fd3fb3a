import { slaRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve.ts';
import type { SlaService } from './sla.service.ts';

export async function slaRoutes(app: FastifyInstance, opts: { sla: SlaService }) {
  serve(app, routes, {
    'GET /it4u/sla': ({ query }) => opts.sla.report(query),
  });
}
