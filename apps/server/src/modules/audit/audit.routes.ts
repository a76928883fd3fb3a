import { auditRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve.ts';
import { sendSheet } from '../../lib/upload.ts';
import type { AuditService } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, opts: { audit: AuditService }) {
  const { audit } = opts;
  serve(app, routes, {
    'GET /it4u/audit': ({ principal, query }) => audit.page(principal, query),
    'GET /it4u/audit/export': async ({ principal, query }, reply) =>
      sendSheet(reply, 'audit.xlsx', await audit.export(principal, query)),
    'GET /it4u/:site/changes': ({ principal, params, query }) => audit.siteChanges(principal, params.site, query),
  });
}
