import { type Static, Type } from '@sinclair/typebox';
import { HOTSPOT_AUTHS, WEEKDAYS, type Weekday, WLAN_SECURITIES } from '../constants.ts';

/** A controller object id (24 hex digits). */
export const ControllerId = Type.String({ minLength: 24, maxLength: 24, pattern: '^[0-9a-fA-F]{24}$' });

/** A wifi group (wlan group) of a site. */
/**
 * A wifi group: a wlan group on controllers up to Network 5, an AP group (`apgroup`) on Network 6 and later, which
 * group access points instead; the screen says which the controller has.
 */
export const WlanGroupSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('wlangroup'), Type.Literal('apgroup')]),
});

export const WlanGroupBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
});

/**
 * A window of a day when the network is on: minutes from midnight, on quarter hours. The spec's slider runs over
 * quarter hours 1 to 96, quarter q being q × 15 minutes (its default 32 to 72 is 08:00-18:00); the console's starts at
 * quarter 0, so that a window may start at midnight: from 00:00 to 24:00 (docs/decisions.md).
 */
export const ScheduleWindowSchema = Type.Object({
  day: Type.Unsafe<Weekday>({ type: 'string', enum: [...WEEKDAYS] }),
  from: Type.Integer({ minimum: 0, maximum: 1425, multipleOf: 15 }),
  to: Type.Integer({ minimum: 15, maximum: 1440, multipleOf: 15 }),
});

/** A wireless network (SSID) of a site. */
export const WlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  /** open, wpapsk, or what the controller has (wpaeap, wep) */
  security: Type.String(),
  /** the WPA passphrase, to those who may change the network; empty for the others */
  passphrase: Type.String(),
  isGuest: Type.Boolean(),
  vlanEnabled: Type.Boolean(),
  vlan: Type.Union([Type.Integer(), Type.Null()]),
  groupId: Type.String(),
  scheduleEnabled: Type.Boolean(),
  schedule: Type.Array(ScheduleWindowSchema),
});

/**
 * A network as created or edited: built from its own fields, never from a template. The name is 1 to 32 bytes
 * (UTF-8); WPA personal needs a passphrase of 8 to 63 characters; the VLAN (1-4094) only when enabled; the
 * schedule only when enabled, any number of windows a day.
 */
export const WlanBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 32, pattern: '\\S' }),
  enabled: Type.Optional(Type.Boolean()),
  security: Type.Unsafe<(typeof WLAN_SECURITIES)[number]>({ type: 'string', enum: [...WLAN_SECURITIES] }),
  passphrase: Type.Optional(Type.String({ maxLength: 63 })),
  isGuest: Type.Boolean(),
  vlanEnabled: Type.Boolean(),
  vlan: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 4094 }), Type.Null()])),
  groupId: ControllerId,
  scheduleEnabled: Type.Boolean(),
  schedule: Type.Array(ScheduleWindowSchema, { maxItems: 7 * 24 }),
});

export const WlanParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  id: ControllerId,
});
export const EssidParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  ssid: ControllerId,
});

/** A new site on the controller (its description is its name in the console). */
export const SiteCreateBody = Type.Object({
  desc: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  cmd: Type.Optional(Type.Literal('add-site')),
});

/** Save: the wifi group applied to every access point of the site. */
export const GroupDeviceBody = Type.Object({ groupId: ControllerId });
export const GroupDeviceResultSchema = Type.Object({ devices: Type.Integer() });

/** The site's guest login (the controller's guest-access settings). */
export const HotspotSchema = Type.Object({
  /** the portal is on (wifi marketing) */
  enabled: Type.Boolean(),
  portalName: Type.String(),
  auth: Type.String(),
  password: Type.String(),
  promoUrl: Type.String(),
  /** where the controller sends the site's guests: the console's guest page ('' without a public address) */
  portalUrl: Type.String(),
  /** the controller sends the site's guests to the console's page now */
  external: Type.Boolean(),
});

export const HotspotBody = Type.Object({
  enabled: Type.Boolean(),
  portalName: Type.String({ maxLength: 100 }),
  auth: Type.Unsafe<(typeof HOTSPOT_AUTHS)[number]>({ type: 'string', enum: [...HOTSPOT_AUTHS] }),
  password: Type.Optional(Type.String({ maxLength: 64 })),
  promoUrl: Type.String({ maxLength: 500, pattern: '^(|https?://[^\\s]+)$' }),
});

export type WlanGroup = Static<typeof WlanGroupSchema>;
export type Wlan = Static<typeof WlanSchema>;
export type WlanInput = Static<typeof WlanBody>;
export type ScheduleWindow = Static<typeof ScheduleWindowSchema>;
export type Hotspot = Static<typeof HotspotSchema>;
export type HotspotInput = Static<typeof HotspotBody>;
