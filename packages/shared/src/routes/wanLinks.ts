import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema } from '../api/common.ts';
import {
  CustomerDetailSchema,
  CustomerInfoSchema,
  CustomerPushBody,
  CustomerPushResultSchema,
  CustomerSiteBody,
  DeviceTokenListSchema,
  NameValueSchema,
  NewDeviceTokenSchema,
  ServiceGroupSchema,
  ZabbixCheckSchema,
} from '../api/wanLinks.ts';
import { defineRoutes } from '../contract.ts';

/** The customer report: the customer sites' routers push their WAN links, the staff read them and manage the sites' device tokens. */
export const wanLinksRoutes = defineRoutes('WAN links', {
  'POST /it4u/customer_info': {
    access: 'public',
    audit: { none: "a router's report of its links: the links' own history keeps it" },
    token: 'deviceToken',
    summary: "A customer site's router pushes its WAN links (every 4 minutes), with its site's device token",
    description:
      "Authorization: Bearer <the site's own device token (it4u_dev_…, made in the customer report), or the shared tokenDev of Settings → Parameter for a site without one, while it is on>. A site's token writes only its site (403 deviceTokenOtherSite); the shared token is refused for a site with its own (403 deviceTokenOwnRequired) and when turned off (401 deviceTokenSharedOff). A WAN with a provider (not empty, not NONE) needs its status (1 up, 0 down). An unknown site name is kept and flagged in the report.",
    body: CustomerPushBody,
    response: CustomerPushResultSchema,
    errors: [401, 403, 413],
  },
  'GET /it4u/:id/deviceToken': {
    access: 'manage',
    summary:
      "A customer site's device tokens (their last four characters), their last use, and the shared token's state",
    params: IdParams,
    response: DeviceTokenListSchema,
    errors: [404],
  },
  'POST /it4u/:id/deviceToken': {
    access: 'manage',
    audit: 'deviceToken.create',
    summary: "Make a customer site's device token: answered once, never again (409 when it has a live one: rotate it)",
    params: IdParams,
    response: NewDeviceTokenSchema,
    status: 201,
    errors: [404, 409],
  },
  'POST /it4u/:id/deviceToken/rotate': {
    access: 'manage',
    audit: 'deviceToken.rotate',
    summary:
      'A new device token for a customer site, its live one revoked at once (404 when it has none); answered once',
    params: IdParams,
    response: NewDeviceTokenSchema,
    status: 201,
    errors: [404],
  },
  'DELETE /it4u/:id/deviceToken': {
    access: 'manage',
    audit: 'deviceToken.revoke',
    summary: "Revoke a customer site's live device token: its router is refused within seconds (404 when none)",
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'GET /it4u/customer_info': {
    access: 'customerReport',
    summary: 'The customer report: every customer site with its WAN links and access points',
    response: Type.Array(CustomerInfoSchema),
  },
  'GET /it4u/customer_info/:group': {
    access: 'customerReport',
    summary: 'The customer sites of one service group (ALL: every group)',
    params: Type.Object({ group: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: Type.Array(CustomerInfoSchema),
  },
  'GET /it4u/:id/customer_info': {
    access: 'customerReport',
    summary: "One customer site with its links' availability, flaps and timeline (24 hours, 7 days, 30 days)",
    params: IdParams,
    response: CustomerDetailSchema,
    errors: [404],
  },
  'DELETE /it4u/:id/customer_info': {
    access: 'manage',
    audit: 'wanLink.site.delete',
    summary: 'Forget a customer site, its links and their history',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'POST /it4u/customerSite': {
    access: 'manage',
    audit: 'wanLink.site.create',
    summary: 'Register a customer site by hand, before its router pushes',
    body: CustomerSiteBody,
    response: CustomerInfoSchema,
    status: 201,
    errors: [409],
  },
  'GET /it4u/group': {
    access: 'customerReport',
    summary: 'The service groups of the customer sites',
    response: Type.Array(ServiceGroupSchema),
  },
  'GET /it4u/:sitename/devicesInfo': {
    access: 'customerReport',
    summary: "A site's WAN links as {name: provider, value: address} (the terminal's host picker)",
    params: Type.Object({ sitename: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Array(NameValueSchema),
  },
  'GET /it4u/cookiesZabbix': {
    access: 'customerReport',
    summary: 'Whether the Zabbix server, when one is configured, accepts the console',
    response: ZabbixCheckSchema,
  },
});
