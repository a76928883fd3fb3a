import { type Static, type TSchema, Type } from '@sinclair/typebox';
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
  /** the spec's names: the id again, and the controller's id of the site */
  _id: Type.Optional(Type.String()),
  site_id: Type.Optional(Type.String()),
});

export const WlanGroupBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
});

/**
 * A window of a day when the network is on: minutes from midnight, on quarter hours. The usual slider runs over
 * quarter hours 1 to 96, quarter q being q × 15 minutes (its default 32 to 72 is 08:00-18:00); the console's starts at
 * quarter 0, so that a window may start at midnight: from 00:00 to 24:00 (docs/features.md).
 */
export const ScheduleWindowSchema = Type.Object({
  day: Type.Unsafe<Weekday>({ type: 'string', enum: [...WEEKDAYS] }),
  from: Type.Integer({ minimum: 0, maximum: 1425, multipleOf: 15 }),
  to: Type.Integer({ minimum: 15, maximum: 1440, multipleOf: 15 }),
});

/**
 * The spec's days of a network's schedule, as its form names them (`status_monday`, `valid_tueday`,
 * `wedday_schedule`, …), each with the controller's day.
 */
export const SPEC_SCHEDULE_DAYS = {
  monday: 'mon',
  tueday: 'tue',
  wedday: 'wed',
  thuday: 'thu',
  friday: 'fri',
  satday: 'sat',
  sunday: 'sun',
} as const satisfies Record<string, Weekday>;
export type SpecScheduleDay = keyof typeof SPEC_SCHEDULE_DAYS;

/** A time of the controller's schedule strings: HHmm on a quarter hour, 0000 to 2400. */
const CONTROLLER_TIME = '(?:(?:[01][0-9]|2[0-3])(?:00|15|30|45)|2400)';
/** A window as the controller writes it: `mon|0800-1800`. */
const controllerWindow = (day: string) => `${day}\\|${CONTROLLER_TIME}-${CONTROLLER_TIME}`;
export const ControllerScheduleEntry = Type.String({
  maxLength: 14,
  pattern: `^${controllerWindow('(?:mon|tue|wed|thu|fri|sat|sun)')}$`,
});
/** A VLAN as the controller holds it: a string of digits, 1 to 4094. */
const ControllerVlan = Type.String({
  maxLength: 4,
  pattern: '^(?:[1-9][0-9]{0,2}|[1-3][0-9]{3}|40[0-8][0-9]|409[0-4])$',
});
/** A quarter hour of the spec's schedule slider (quarter q is q × 15 minutes after midnight). */
const Quarter = Type.Integer({ minimum: 0, maximum: 96 });

/** The spec's per-day schedule fields of a network: each day's switch, its slider's pair and its string. */
function specDayFields<T extends TSchema, U extends TSchema, V extends TSchema>(
  flag: (day: SpecScheduleDay) => T,
  pair: (day: SpecScheduleDay) => U,
  text: (day: SpecScheduleDay) => V,
) {
  const fields: Record<string, TSchema> = {};
  for (const day of Object.keys(SPEC_SCHEDULE_DAYS) as SpecScheduleDay[]) {
    fields[`status_${day}`] = flag(day);
    fields[`valid_${day}`] = pair(day);
    fields[`${day}_schedule`] = text(day);
  }
  return fields as Record<`status_${SpecScheduleDay}`, T> &
    Record<`valid_${SpecScheduleDay}`, U> &
    Record<`${SpecScheduleDay}_schedule`, V>;
}

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
  /**
   * The same under the spec's (the controller's) names, and the schedule as the spec's form holds it: a day's
   * switch, its first window as slider quarters, and its string (`mon|0800-1800`, or `disable`).
   */
  _id: Type.Optional(Type.String()),
  x_passphrase: Type.Optional(Type.String()),
  is_guest: Type.Optional(Type.Boolean()),
  vlan_enabled: Type.Optional(Type.Boolean()),
  usergroup_id: Type.Optional(Type.String()),
  wlangroup_id: Type.Optional(Type.String()),
  schedule_enabled: Type.Optional(Type.Boolean()),
  ...specDayFields(
    () => Type.Optional(Type.Boolean()),
    () => Type.Optional(Type.Array(Type.Integer())),
    () => Type.Optional(Type.String()),
  ),
});

/**
 * A network as created or edited: built from its own fields, never from a template. The name is 1 to 32 bytes
 * (UTF-8); WPA personal needs a passphrase of 8 to 63 characters; the VLAN (1-4094) only when enabled; the
 * schedule only when enabled, any number of windows a day.
 *
 * The spec's body is taken too, under its (the controller's) names: `x_passphrase`, `is_guest`, `vlan_enabled`,
 * `vlan` as a string of digits, `wlangroup_id`, `usergroup_id`, `schedule_enabled`, and the schedule as the
 * controller's strings (`schedule: ["mon|0800-1800"]`) or as the spec's form's per-day fields (`status_monday`,
 * `valid_monday: [32, 72]` in slider quarters, `monday_schedule: "mon|0800-1800"` or `disable`). Each field is
 * given under one of its names (the service reads them into the console's, and refuses two that disagree); a flag
 * given under neither name is off, and the group is required under one of them.
 */
export const WlanBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 32, pattern: '\\S' }),
  enabled: Type.Optional(Type.Boolean()),
  security: Type.Unsafe<(typeof WLAN_SECURITIES)[number]>({ type: 'string', enum: [...WLAN_SECURITIES] }),
  passphrase: Type.Optional(Type.String({ maxLength: 63 })),
  isGuest: Type.Optional(Type.Boolean()),
  vlanEnabled: Type.Optional(Type.Boolean()),
  vlan: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 4094 }), ControllerVlan, Type.Null()])),
  groupId: Type.Optional(ControllerId),
  scheduleEnabled: Type.Optional(Type.Boolean()),
  schedule: Type.Optional(
    Type.Union([
      Type.Array(ScheduleWindowSchema, { maxItems: 7 * 24 }),
      Type.Array(ControllerScheduleEntry, { maxItems: 7 * 24 }),
    ]),
  ),
  x_passphrase: Type.Optional(Type.String({ maxLength: 63 })),
  is_guest: Type.Optional(Type.Boolean()),
  vlan_enabled: Type.Optional(Type.Boolean()),
  wlangroup_id: Type.Optional(ControllerId),
  usergroup_id: Type.Optional(ControllerId),
  schedule_enabled: Type.Optional(Type.Boolean()),
  ...specDayFields(
    () => Type.Optional(Type.Boolean()),
    () => Type.Optional(Type.Array(Quarter, { minItems: 2, maxItems: 2 })),
    (day) =>
      Type.Optional(
        Type.String({ maxLength: 14, pattern: `^(?:disable|${controllerWindow(SPEC_SCHEDULE_DAYS[day])})$` }),
      ),
  ),
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
  /** the portal's name, password and promotional URL again under the spec's (the controller's) names */
  facebook_wifi_gw_name: Type.Optional(Type.String()),
  x_password: Type.Optional(Type.String()),
  redirect_url: Type.Optional(Type.String()),
});

const PromoUrl = Type.String({ maxLength: 500, pattern: '^(|https?://[^\\s]+)$' });

/**
 * The hotspot login as set. The spec's body is taken too, under the controller's names: `facebook_wifi_gw_name`
 * (the portal's name), `auth`, `x_password`, `redirect_url` (the promotional URL); `enabled` left out turns the
 * portal on (the spec's switch sends its config only when on). Each field under one of its names; the name and the
 * URL under neither are empty.
 */
export const HotspotBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  portalName: Type.Optional(Type.String({ maxLength: 100 })),
  auth: Type.Unsafe<(typeof HOTSPOT_AUTHS)[number]>({ type: 'string', enum: [...HOTSPOT_AUTHS] }),
  password: Type.Optional(Type.String({ maxLength: 64 })),
  promoUrl: Type.Optional(PromoUrl),
  facebook_wifi_gw_name: Type.Optional(Type.String({ maxLength: 100 })),
  x_password: Type.Optional(Type.String({ maxLength: 64 })),
  redirect_url: Type.Optional(PromoUrl),
});

export type WlanGroup = Static<typeof WlanGroupSchema>;
export type Wlan = Static<typeof WlanSchema>;
/** A network's fields under the console's names, as the service writes it (the body read into them). */
export type WlanInput = {
  name: string;
  enabled?: boolean;
  security: (typeof WLAN_SECURITIES)[number];
  passphrase?: string;
  isGuest: boolean;
  vlanEnabled: boolean;
  vlan?: number | null;
  groupId: string;
  userGroupId?: string;
  scheduleEnabled: boolean;
  schedule: ScheduleWindow[];
};
/** A network's body as sent: the console's names, the spec's, or both. */
export type WlanBodyInput = Static<typeof WlanBody>;
export type ScheduleWindow = Static<typeof ScheduleWindowSchema>;
export type Hotspot = Static<typeof HotspotSchema>;
/** The hotspot login under the console's names, as the service writes it. */
export type HotspotInput = {
  enabled: boolean;
  portalName: string;
  auth: (typeof HOTSPOT_AUTHS)[number];
  password?: string;
  promoUrl: string;
};
/** The hotspot login's body as sent: the console's names, the spec's, or both. */
export type HotspotBodyInput = Static<typeof HotspotBody>;
