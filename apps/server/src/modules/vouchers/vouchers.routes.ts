import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreateVoucherBody, DeleteVoucherBody, MessageSchema, SiteParams, VoucherSchema } from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { controllerErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { VouchersService } from './vouchers.service.ts';

export async function vouchersRoutes(app: FastifyInstance, opts: { vouchers: VouchersService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { vouchers } = opts;
  const signedIn = { onRequest: app.auth() };
  const tags = ['vouchers'];

  r.get(
    '/it4u/:site/voucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Vouchers of a site, newest first',
        security: secured,
        params: SiteParams,
        response: { 200: Type.Array(VoucherSchema), ...controllerErrors },
      },
    },
    (request) => vouchers.list(request.principal, request.params.site),
  );

  r.post(
    '/it4u/:site/createVoucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Create vouchers: n, quota (uses, 0 = unlimited), expire (minutes), down/up (kbps), bytes (MB), note',
        security: secured,
        params: SiteParams,
        body: CreateVoucherBody,
        response: { 201: Type.Array(VoucherSchema), ...controllerErrors },
      },
    },
    async (request, reply) => {
      const { n, quota, expire, down, up, bytes, note } = request.body;
      const made = await vouchers.create(request.principal, request.params.site, {
        n,
        quota,
        expire,
        down,
        up,
        bytes,
        note,
      });
      return reply.status(201).send(made);
    },
  );

  r.post(
    '/it4u/:site/deleteVoucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke a voucher',
        security: secured,
        params: SiteParams,
        body: DeleteVoucherBody,
        response: { 200: MessageSchema, ...controllerErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await vouchers.remove(request.principal, request.params.site, request.body._id);
      return { message: 'Voucher deleted.' };
    },
  );

  r.get(
    '/it4u/:site/printVoucher/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "A printable A4 sheet of voucher cards (HTML); id is a voucher id, a comma-separated list, or 'all'",
        security: secured,
        params: Type.Object({ site: SiteParams.properties.site, id: Type.String({ minLength: 1, maxLength: 5000 }) }),
        querystring: Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('vi')])) }),
        response: { ...controllerErrors, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      const { site, id } = request.params;
      const sheet = await vouchers.printSheet(request.principal, site, id, request.query.lang ?? 'en');
      return reply.type('text/html; charset=utf-8').send(sheet);
    },
  );
}
