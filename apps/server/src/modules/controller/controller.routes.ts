import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authErrors, ErrorRef, MessageSchema, secured } from '../../lib/schemas.ts';
import {
  BlockBody,
  BlockedDeviceSchema,
  ConnectedDeviceSchema,
  CreateVoucherBody,
  DeleteVoucherBody,
  SiteParams,
  VoucherSchema,
} from './controller.schemas.ts';
import type { ControllerService } from './controller.service.ts';

const controllerErrors = { ...authErrors, 502: ErrorRef, 503: ErrorRef, 504: ErrorRef };

export async function controllerRoutes(app: FastifyInstance, opts: { controller: ControllerService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { controller } = opts;
  const signedIn = { preHandler: app.auth() };
  const security = secured;

  r.get(
    '/it4u/controller',
    {
      ...signedIn,
      schema: {
        tags: ['unifi'],
        summary: 'Which controller the console uses: a configured one, or the demo controller',
        security,
        response: { 200: Type.Object({ configured: Type.Boolean(), demo: Type.Boolean() }), 401: ErrorRef },
      },
    },
    () => controller.info(),
  );

  r.get(
    '/it4u/checkCookiesUbnt',
    {
      ...signedIn,
      schema: {
        tags: ['unifi'],
        summary: 'Whether the controller session is alive (logs in again when it is not)',
        security,
        response: {
          200: Type.Object({
            ok: Type.Boolean(),
            demo: Type.Boolean(),
            flavor: Type.Optional(Type.String()),
            message: Type.String(),
          }),
          401: ErrorRef,
        },
      },
    },
    () => controller.check(),
  );

  r.get(
    '/it4u/createSitesName',
    {
      preHandler: app.auth('manage'),
      schema: {
        tags: ['unifi'],
        summary: "Fill the site-names table from the controller's sites, keeping the links to users",
        security,
        response: {
          200: Type.Object({ added: Type.Integer(), updated: Type.Integer(), total: Type.Integer() }),
          ...controllerErrors,
        },
      },
    },
    (request) => controller.syncSites(request.principal, request.ip),
  );

  const tags = ['vouchers'];
  r.get(
    '/it4u/:site/voucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Vouchers of a site, newest first',
        security,
        params: SiteParams,
        response: { 200: Type.Array(VoucherSchema), ...controllerErrors },
      },
    },
    (request) => controller.vouchers(request.principal, request.params.site),
  );
  r.post(
    '/it4u/:site/createVoucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Create vouchers: n, quota (uses, 0 = unlimited), expire (minutes), down/up (kbps), bytes (MB), note',
        security,
        params: SiteParams,
        body: CreateVoucherBody,
        response: { 201: Type.Array(VoucherSchema), ...controllerErrors },
      },
    },
    async (request, reply) => {
      const { n, quota, expire, down, up, bytes, note } = request.body;
      return reply.status(201).send(
        await controller.createVouchers(request.principal, request.params.site, {
          n,
          quota,
          expire,
          down,
          up,
          bytes,
          note,
        }),
      );
    },
  );
  r.post(
    '/it4u/:site/deleteVoucher',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke a voucher',
        security,
        params: SiteParams,
        body: DeleteVoucherBody,
        response: { 200: MessageSchema, ...controllerErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await controller.deleteVoucher(request.principal, request.params.site, request.body._id);
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
        security,
        params: Type.Object({ site: SiteParams.properties.site, id: Type.String({ minLength: 1, maxLength: 5000 }) }),
        querystring: Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('vi')])) }),
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          await controller.printSheet(
            request.principal,
            request.params.site,
            request.params.id,
            request.query.lang ?? 'en',
          ),
        ),
  );

  r.get(
    '/it4u/:site/devices',
    {
      ...signedIn,
      schema: {
        tags: ['devices'],
        summary: 'Devices connected to a site now, with their access point and band',
        security,
        params: SiteParams,
        response: { 200: Type.Array(ConnectedDeviceSchema), ...controllerErrors },
      },
    },
    (request) => controller.devices(request.principal, request.params.site),
  );
  r.get(
    '/it4u/:site/block/info',
    {
      ...signedIn,
      schema: {
        tags: ['devices'],
        summary: 'Blocked devices of a site',
        security,
        params: SiteParams,
        response: { 200: Type.Array(BlockedDeviceSchema), ...controllerErrors },
      },
    },
    (request) => controller.blocked(request.principal, request.params.site),
  );
  r.post(
    '/it4u/:site/block/device',
    {
      ...signedIn,
      schema: {
        tags: ['devices'],
        summary: 'Block (block-sta) or unblock (unblock-sta) a device by its MAC',
        security,
        params: SiteParams,
        body: BlockBody,
        response: { 200: MessageSchema, ...controllerErrors },
      },
    },
    async (request) => {
      const block = request.body.cmd === 'block-sta';
      await controller.setBlocked(request.principal, request.params.site, request.body.mac, block);
      return { message: block ? "You're successfully blocked." : "You're successfully unblocked." };
    },
  );
}
