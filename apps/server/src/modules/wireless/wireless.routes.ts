import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EssidParams,
  GroupDeviceBody,
  GroupDeviceResultSchema,
  HotspotBody,
  HotspotSchema,
  SiteCreateBody,
  SiteParams,
  SiteSchema,
  WlanBody,
  WlanGroupBody,
  WlanGroupSchema,
  WlanParams,
  WlanSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { controllerErrors, secured } from '../../lib/schemas.ts';
import type { WirelessService } from './wireless.service.ts';

export async function wirelessRoutes(app: FastifyInstance, opts: { wireless: WirelessService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { wireless } = opts;
  const signedIn = { onRequest: app.auth() };
  const writer = { onRequest: app.auth('wirelessWrite') };
  const tags = ['wireless'];

  r.get(
    '/it4u/:site/wlangroup',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The site's wifi groups (the controller's hidden Off group left out)",
        security: secured,
        params: SiteParams,
        response: { 200: Type.Array(WlanGroupSchema), ...controllerErrors },
      },
    },
    (request) => wireless.groups(request.principal, request.params.site),
  );

  r.post(
    '/it4u/:site/wlangroup',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Adds a wifi group (roaming on 2.4 GHz, channels 36 and 1, PMF optional)',
        security: secured,
        params: SiteParams,
        body: WlanGroupBody,
        response: { 201: WlanGroupSchema, ...controllerErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await wireless.createGroup(request.principal, request.params.site, request.body.name)),
  );

  r.get(
    '/it4u/:site/wlanconf/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The wireless networks of a wifi group (`id`), without the hidden ones',
        security: secured,
        params: WlanParams,
        response: { 200: Type.Array(WlanSchema), ...controllerErrors },
      },
    },
    (request) => wireless.networks(request.principal, request.params.site, request.params.id),
  );

  r.get(
    '/it4u/:site/essid/:ssid',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One wireless network by its id',
        security: secured,
        params: EssidParams,
        response: { 200: WlanSchema, ...controllerErrors },
      },
    },
    (request) => wireless.network(request.principal, request.params.site, request.params.ssid),
  );

  r.post(
    '/it4u/:site/wlanconf',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Creates a wireless network from its own fields',
        security: secured,
        params: SiteParams,
        body: WlanBody,
        response: { 201: WlanSchema, ...controllerErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await wireless.create(request.principal, request.params.site, request.body)),
  );

  r.put(
    '/it4u/:site/wlanconf/:ssid',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Changes a wireless network (an empty passphrase keeps the current one)',
        security: secured,
        params: EssidParams,
        body: WlanBody,
        response: { 200: WlanSchema, ...controllerErrors },
      },
    },
    (request) => wireless.update(request.principal, request.params.site, request.params.ssid, request.body),
  );

  r.post(
    '/it4u/:site/sitemgr',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Adds a site on the controller; it is in the site names at once',
        security: secured,
        params: SiteParams,
        body: SiteCreateBody,
        response: { 201: SiteSchema, ...controllerErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await wireless.addSite(contextOf(request), request.body.desc)),
  );

  r.post(
    '/it4u/:site/group/device',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Save: puts every access point of the site in the wifi group, on both radios',
        security: secured,
        params: SiteParams,
        body: GroupDeviceBody,
        response: { 200: GroupDeviceResultSchema, ...controllerErrors },
      },
    },
    (request) => wireless.applyGroup(request.principal, request.params.site, request.body.groupId),
  );

  r.get(
    '/it4u/:site/hotspot',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The site's hotspot login (the controller's guest access)",
        security: secured,
        params: SiteParams,
        response: { 200: HotspotSchema, ...controllerErrors },
      },
    },
    (request) => wireless.hotspot(request.principal, request.params.site),
  );

  r.post(
    '/it4u/:site/hotspot',
    {
      ...writer,
      schema: {
        tags,
        summary: "Sets the site's hotspot login: on or off, its name, authentication, password, promotional URL",
        security: secured,
        params: SiteParams,
        body: HotspotBody,
        response: { 200: HotspotSchema, ...controllerErrors },
      },
    },
    (request) => wireless.saveHotspot(request.principal, request.params.site, request.body),
  );
}
