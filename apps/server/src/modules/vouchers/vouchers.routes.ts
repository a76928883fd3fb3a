import { vouchersRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { VouchersService } from './vouchers.service.ts';

export async function vouchersRoutes(app: FastifyInstance, opts: { vouchers: VouchersService }) {
  const { vouchers } = opts;

  serve(app, routes, {
    'GET /it4u/:site/voucher': ({ principal, params }) => vouchers.list(principal, params.site),
    'GET /it4u/:site/voucher/page': ({ principal, params, query }) => vouchers.page(principal, params.site, query),
    'POST /it4u/:site/createVoucher': (request) => {
      const { n, quota, expire, down, up, bytes, note } = request.body;
      return vouchers.create(contextOf(request), request.params.site, { n, quota, expire, down, up, bytes, note });
    },
    'POST /it4u/:site/deleteVoucher': async (request) => {
      await vouchers.remove(contextOf(request), request.params.site, request.body._id);
      return { message: 'Voucher deleted.' };
    },
    'GET /it4u/:site/printVoucher/:id': async ({ principal, params, query }, reply) => {
      const sheet = await vouchers.printSheet(principal, params.site, params.id, query.lang ?? 'en');
      return reply.type('text/html; charset=utf-8').send(sheet);
    },
  });
}
