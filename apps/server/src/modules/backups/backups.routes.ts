import { backupsRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { BackupsService } from './backups.service.ts';

export async function backupsRoutes(app: FastifyInstance, opts: { backups: BackupsService }) {
  const { backups } = opts;
  serve(app, routes, {
    'GET /it4u/backups': () => backups.list(),
    'POST /it4u/backups': (request) => backups.now(contextOf(request)),
  });
}
