import { customersRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve.ts';
import type { CustomersService } from './customers.service.ts';

export async function customersRoutes(app: FastifyInstance, opts: { customers: CustomersService }) {
  const { customers } = opts;
  serve(app, routes, {
    'GET /it4u/customers': ({ principal, query }) => customers.list(principal, query),
    'GET /it4u/customers/:id': ({ principal, params }) => customers.page(principal, params.id),
    'GET /it4u/customers/:id/timeline': ({ principal, params, query }) =>
      customers.timeline(principal, params.id, query),
  });
}
