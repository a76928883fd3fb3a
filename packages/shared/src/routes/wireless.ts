import { Type } from '@sinclair/typebox';
import { SiteParams } from '../api/common.ts';
import { SiteSchema } from '../api/sites.ts';
import {
  EssidParams,
  GroupDeviceBody,
  GroupDeviceResultSchema,
  HotspotBody,
  HotspotSchema,
  SiteCreateBody,
  WlanBody,
  WlanGroupBody,
  WlanGroupSchema,
  WlanParams,
  WlanSchema,
} from '../api/wireless.ts';
import { controllerErrors, defineRoutes } from '../contract.ts';

/**
 * A site's wireless settings on its controller: its wifi groups and networks, its hotspot login, and new sites. The
 * writes accept the spec's field names beside the console's (the bodies' schemas).
 */
export const wirelessRoutes = defineRoutes('wireless', {
  'GET /it4u/:site/wlangroup': {
    access: 'signedIn',
    summary: "The site's wifi groups (the controller's hidden Off group left out)",
    params: SiteParams,
    response: Type.Array(WlanGroupSchema),
    errors: controllerErrors,
  },
  'POST /it4u/:site/wlangroup': {
    access: 'wirelessWrite',
    audit: 'wireless.group.create',
    summary: 'Adds a wifi group (roaming on 2.4 GHz, channels 36 and 1, PMF optional)',
    params: SiteParams,
    body: WlanGroupBody,
    response: WlanGroupSchema,
    status: 201,
    errors: controllerErrors,
  },
  'GET /it4u/:site/wlanconf/:id': {
    access: 'signedIn',
    summary: 'The wireless networks of a wifi group (`id`), without the hidden ones',
    params: WlanParams,
    response: Type.Array(WlanSchema),
    errors: controllerErrors,
  },
  'GET /it4u/:site/essid/:ssid': {
    access: 'signedIn',
    summary: 'One wireless network by its id',
    params: EssidParams,
    response: WlanSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/wlanconf': {
    access: 'wirelessWrite',
    audit: 'wireless.network.create',
    summary: 'Creates a wireless network from its own fields',
    params: SiteParams,
    body: WlanBody,
    response: WlanSchema,
    status: 201,
    errors: controllerErrors,
  },
  'PUT /it4u/:site/wlanconf/:ssid': {
    access: 'wirelessWrite',
    audit: 'wireless.network.update',
    summary: 'Changes a wireless network (an empty passphrase keeps the current one)',
    params: EssidParams,
    body: WlanBody,
    response: WlanSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/sitemgr': {
    access: 'wirelessWrite',
    audit: 'site.create',
    summary: 'Adds a site on the controller; it is in the site names at once',
    params: SiteParams,
    body: SiteCreateBody,
    response: SiteSchema,
    status: 201,
    errors: controllerErrors,
  },
  'POST /it4u/:site/group/device': {
    access: 'wirelessWrite',
    audit: 'wireless.group.apply',
    summary: 'Save: puts every access point of the site in the wifi group, on both radios',
    params: SiteParams,
    body: GroupDeviceBody,
    response: GroupDeviceResultSchema,
    errors: controllerErrors,
  },
  'GET /it4u/:site/hotspot': {
    access: 'signedIn',
    summary: "The site's hotspot login (the controller's guest access)",
    params: SiteParams,
    response: HotspotSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/hotspot': {
    access: 'wirelessWrite',
    audit: 'wireless.hotspot.update',
    summary: "Sets the site's hotspot login: on or off, its name, authentication, password, promotional URL",
    params: SiteParams,
    body: HotspotBody,
    response: HotspotSchema,
    errors: controllerErrors,
  },
});
