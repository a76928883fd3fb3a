import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CustomerDetailSchema,
  CustomerInfoSchema,
  CustomerPushBody,
  CustomerPushResultSchema,
  CustomerSiteBody,
  DeviceTokenListSchema,
  IdParams,
  MessageSchema,
  NameValueSchema,
  NewDeviceTokenSchema,
  ServiceGroupSchema,
  ZabbixCheckSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { CustomersService, Encoded } from './customers.service.ts';
import type { DeviceGrant, DeviceTokensService } from './deviceTokens.service.ts';

/** A report written out once per copy (its schema documents it): gzipped to a client that takes it. */
function sendReport(request: FastifyRequest, reply: FastifyReply, report: Encoded) {
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? report.gzip : report.json);
}

/** The bearer token of a request, if it sent one. */
const bearer = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1];

export async function customersRoutes(
  app: FastifyInstance,
  opts: {
    customers: CustomersService;
    deviceTokens: DeviceTokensService;
    zabbix: () => Promise<Record<string, unknown>>;
  },
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { customers, deviceTokens } = opts;
  /** what each push's token allows, from its check before the body is read to the handler */
  const grants = new WeakMap<FastifyRequest, DeviceGrant>();
  const tags = ['customers'];
  const read = { onRequest: app.auth('customerReport') };
  const manage = { onRequest: app.auth('manage') };
  const security = secured;

  r.post(
    '/it4u/customer_info',
    {
      bodyLimit: 8 * 1024,
      // a router's push changes no user or session: it leaves the session cache as it is
      config: { readOnly: true },
      // the device token before the body is read: a request without it is told nothing of its body (401, not 400)
      onRequest: async (request) => {
        grants.set(request, await deviceTokens.authorize(bearer(request.headers.authorization)));
      },
      schema: {
        tags,
        summary: "A customer site's router pushes its WAN links (every 4 minutes), with its site's device token",
        description:
          "Authorization: Bearer <the site's own device token (it4u_dev_…, made in the customer report), or the shared tokenDev of Settings → Parameter for a site without one, while it is on>. A site's token writes only its site (403 deviceTokenOtherSite); the shared token is refused for a site with its own (403 deviceTokenOwnRequired) and when turned off (401 deviceTokenSharedOff). A WAN with a provider (not empty, not NONE) needs its status (1 up, 0 down). An unknown site name is kept and flagged in the report.",
        security: [{ deviceToken: [] }],
        body: CustomerPushBody,
        response: { 200: CustomerPushResultSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 413: ErrorRef },
      },
    },
    async (request) => {
      const grant = grants.get(request);
      if (!grant) throw new Error('the device token was not checked');
      await deviceTokens.admit(grant, request.body.sitename);
      return customers.push(request.body);
    },
  );

  r.get(
    '/it4u/:id/deviceToken',
    {
      ...manage,
      schema: {
        tags,
        summary:
          "A customer site's device tokens (their last four characters), their last use, and the shared token's state",
        security,
        params: IdParams,
        response: { 200: DeviceTokenListSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => deviceTokens.list(request.params.id),
  );

  r.post(
    '/it4u/:id/deviceToken',
    {
      ...manage,
      schema: {
        tags,
        summary:
          "Make a customer site's device token: answered once, never again (409 when it has a live one: rotate it)",
        security,
        params: IdParams,
        response: { 201: NewDeviceTokenSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await deviceTokens.create(request.params.id, contextOf(request))),
  );

  r.post(
    '/it4u/:id/deviceToken/rotate',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'A new device token for a customer site, its live one revoked at once (404 when it has none); answered once',
        security,
        params: IdParams,
        response: { 201: NewDeviceTokenSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await deviceTokens.rotate(request.params.id, contextOf(request))),
  );

  r.delete(
    '/it4u/:id/deviceToken',
    {
      ...manage,
      schema: {
        tags,
        summary: "Revoke a customer site's live device token: its router is refused within seconds (404 when none)",
        security,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await deviceTokens.revoke(request.params.id, contextOf(request));
      return { message: 'The device token is revoked.' };
    },
  );

  r.get(
    '/it4u/customer_info',
    {
      ...read,
      schema: {
        tags,
        summary: 'The customer report: every customer site with its WAN links and access points',
        security,
        response: { 200: Type.Array(CustomerInfoSchema), ...authErrors },
      },
    },
    async (request, reply) => sendReport(request, reply, await customers.listEncoded()),
  );

  r.get(
    '/it4u/customer_info/:group',
    {
      ...read,
      schema: {
        tags,
        summary: 'The customer sites of one service group (ALL: every group)',
        security,
        params: Type.Object({ group: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Array(CustomerInfoSchema), ...authErrors },
      },
    },
    async (request, reply) => sendReport(request, reply, await customers.listEncoded(request.params.group)),
  );

  r.get(
    '/it4u/:id/customer_info',
    {
      ...read,
      schema: {
        tags,
        summary: "One customer site with its links' availability, flaps and timeline (24 hours, 7 days, 30 days)",
        security,
        params: IdParams,
        response: { 200: CustomerDetailSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => customers.detail(request.params.id),
  );

  r.delete(
    '/it4u/:id/customer_info',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Forget a customer site, its links and their history',
        security,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await customers.remove(request.params.id);
      return { message: "You're successfully deleted." };
    },
  );

  r.post(
    '/it4u/customerSite',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Register a customer site by hand, before its router pushes',
        security,
        body: CustomerSiteBody,
        response: { 201: CustomerInfoSchema, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customers.create(request.body.sitename, request.body.groupClient)),
  );

  r.get(
    '/it4u/group',
    {
      ...read,
      schema: {
        tags,
        summary: 'The service groups of the customer sites',
        security,
        response: { 200: Type.Array(ServiceGroupSchema), ...authErrors },
      },
    },
    () => customers.groups(),
  );

  r.get(
    '/it4u/:sitename/devicesInfo',
    {
      ...read,
      schema: {
        tags,
        summary: "A site's WAN links as {name: provider, value: address} (the terminal's host picker)",
        security,
        params: Type.Object({ sitename: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Array(NameValueSchema), ...authErrors },
      },
    },
    (request) => customers.devicesInfo(request.params.sitename),
  );

  r.get(
    '/it4u/cookiesZabbix',
    {
      ...read,
      schema: {
        tags,
        summary: 'Whether the Zabbix server, when one is configured, accepts the console',
        security,
        response: { 200: ZabbixCheckSchema, ...authErrors },
      },
    },
    () => opts.zabbix(),
  );
}
