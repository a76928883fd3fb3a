import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BlockBody, BlockedDeviceSchema, ConnectedDeviceSchema, MessageSchema, SiteParams } from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { controllerErrors, secured } from '../../lib/schemas.ts';
import type { DevicesService } from './devices.service.ts';

export async function devicesRoutes(app: FastifyInstance, opts: { devices: DevicesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { devices } = opts;
  const signedIn = { onRequest: app.auth() };
  const tags = ['devices'];

  r.get(
    '/it4u/:site/devices',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Devices connected to a site now, with their access point and band',
        security: secured,
        params: SiteParams,
        response: { 200: Type.Array(ConnectedDeviceSchema), ...controllerErrors },
      },
    },
    (request) => devices.connected(request.principal, request.params.site),
  );

  r.get(
    '/it4u/:site/block/info',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Blocked devices of a site',
        security: secured,
        params: SiteParams,
        response: { 200: Type.Array(BlockedDeviceSchema), ...controllerErrors },
      },
    },
    (request) => devices.blocked(request.principal, request.params.site),
  );

  r.post(
    '/it4u/:site/block/device',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Block (block-sta) or unblock (unblock-sta) a device by its MAC',
        security: secured,
        params: SiteParams,
        body: BlockBody,
        response: { 200: MessageSchema, ...controllerErrors },
      },
    },
    async (request) => {
      const block = request.body.cmd === 'block-sta';
      await devices.setBlocked(request.principal, request.params.site, request.body.mac, block);
      return { message: block ? "You're successfully blocked." : "You're successfully unblocked." };
    },
  );
}
