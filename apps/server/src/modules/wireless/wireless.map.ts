// Over 300 lines: the translation, both ways, between the console's wireless network and hotspot and the controller's and the spec's names, with the checks that go with them: one place so no field is mapped twice.
import {
  type Hotspot,
  type HotspotBodyInput,
  type HotspotInput,
  type ScheduleWindow,
  type SpecScheduleDay,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
  type Wlan,
  type WlanBodyInput,
  type WlanGroup,
  type WlanInput,
} from '@it4u/shared';
import { SPEC_SCHEDULE_DAYS } from '@it4u/shared/api';
import { toGuestLogin } from '../../integrations/unifi/unifi.map.ts';
import { BadRequestError } from '../../lib/errors.ts';

type Raw = Record<string, unknown>;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;

/** Windows as the controller writes them: `mon|0800-1800`, one string per window. */
export function toControllerSchedule(windows: ScheduleWindow[]): string[] {
  return sortWindows(windows).map((w) => `${w.day}|${hhmm(w.from)}-${hhmm(w.to)}`);
}

/**
 * The controller's schedule strings read back as windows; what it cannot read is left out. Times are widened to the
 * quarter hours of the slider.
 */
export function fromControllerSchedule(schedule: unknown): ScheduleWindow[] {
  if (!Array.isArray(schedule)) return [];
  const windows: ScheduleWindow[] = [];
  for (const entry of schedule) {
    const m = /^(mon|tue|wed|thu|fri|sat|sun)\|(\d{2})(\d{2})-(\d{2})(\d{2})$/.exec(String(entry));
    if (!m) continue;
    const from = Math.floor((Number(m[2]) * 60 + Number(m[3])) / 15) * 15;
    const to = Math.ceil((Number(m[4]) * 60 + Number(m[5])) / 15) * 15;
    if (from < to && to <= 1440) windows.push({ day: m[1] as Weekday, from, to });
  }
  return sortWindows(windows);
}

function sortWindows(windows: ScheduleWindow[]): ScheduleWindow[] {
  return [...windows].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.from - b.from);
}

/** A field given under the console's name, the spec's, or both alike; two that disagree are refused. */
function either<T>(ours: T | undefined, theirs: T | undefined, names: [string, string]): T | undefined {
  if (ours !== undefined && theirs !== undefined && JSON.stringify(ours) !== JSON.stringify(theirs)) {
    throw new BadRequestError('invalidFields', names[0], { fields: names.join(', ') });
  }
  return ours ?? theirs;
}

/** One of the controller's schedule strings (`mon|0800-1800`, checked by the body's pattern) as a window. */
function windowOf(entry: string): ScheduleWindow {
  const m = /^(mon|tue|wed|thu|fri|sat|sun)\|(\d{2})(\d{2})-(\d{2})(\d{2})$/.exec(entry);
  if (!m) throw new BadRequestError('invalidFields', 'schedule', { fields: 'schedule' });
  return { day: m[1] as Weekday, from: Number(m[2]) * 60 + Number(m[3]), to: Number(m[4]) * 60 + Number(m[5]) };
}

/**
 * The schedule of a body: its `schedule` (the console's windows or the controller's strings), else the spec's
 * form's per-day fields: a day switched on gives its string, else its slider's pair; a day switched off, or whose
 * string is `disable`, has no window.
 */
function scheduleOf(body: WlanBodyInput): ScheduleWindow[] {
  if (body.schedule !== undefined) {
    return body.schedule.map((w) => (typeof w === 'string' ? windowOf(w) : w));
  }
  const windows: ScheduleWindow[] = [];
  for (const [name, day] of Object.entries(SPEC_SCHEDULE_DAYS) as [SpecScheduleDay, Weekday][]) {
    const text = body[`${name}_schedule`];
    const pair = body[`valid_${name}`];
    const on = body[`status_${name}`] ?? (text !== undefined ? text !== 'disable' : pair !== undefined);
    if (!on || text === 'disable') continue;
    if (text !== undefined) windows.push(windowOf(text));
    else if (pair) windows.push({ day, from: pair[0] * 15, to: pair[1] * 15 });
  }
  return windows;
}

/**
 * A network's body read into the console's names: each field under the console's name or the spec's (the
 * controller's); the flags default to off, the group is required, a VLAN written as the controller's string of
 * digits is its number.
 */
export function fromWlanBody(body: WlanBodyInput): WlanInput {
  const groupId = either(body.groupId, body.wlangroup_id, ['groupId', 'wlangroup_id']);
  if (groupId === undefined) throw new BadRequestError('fieldRequired', 'groupId', { field: 'groupId' });
  const vlan = typeof body.vlan === 'string' ? Number(body.vlan) : body.vlan;
  return {
    name: body.name,
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    security: body.security,
    passphrase: either(body.passphrase, body.x_passphrase, ['passphrase', 'x_passphrase']),
    isGuest: either(body.isGuest, body.is_guest, ['isGuest', 'is_guest']) ?? false,
    vlanEnabled: either(body.vlanEnabled, body.vlan_enabled, ['vlanEnabled', 'vlan_enabled']) ?? false,
    ...(vlan === undefined ? {} : { vlan }),
    groupId,
    ...(body.usergroup_id === undefined ? {} : { userGroupId: body.usergroup_id }),
    scheduleEnabled:
      either(body.scheduleEnabled, body.schedule_enabled, ['scheduleEnabled', 'schedule_enabled']) ?? false,
    schedule: scheduleOf(body),
  };
}

/**
 * What a network's fields must hold beyond their types: a name of at most 32 bytes, a WPA passphrase of 8 to 63
 * printable ASCII characters (kept on an edit that leaves it empty), a VLAN when it is on, and windows that start
 * before they end, do not overlap, and exist when the schedule is on.
 */
export function checkWlan(input: WlanInput, keptPassphrase: string | undefined): void {
  const bytes = Buffer.byteLength(input.name.trim(), 'utf8');
  if (bytes > 32) throw new BadRequestError('ssidTooLong', 'name', { bytes });
  if (input.security === 'wpapsk') {
    const passphrase = input.passphrase || keptPassphrase || '';
    if (passphrase.length < 8 || passphrase.length > 63) throw new BadRequestError('passphraseLength', 'passphrase');
    if (!/^[\x20-\x7e]+$/.test(passphrase)) throw new BadRequestError('passphraseAscii', 'passphrase');
  }
  if (input.vlanEnabled && (input.vlan === undefined || input.vlan === null)) {
    throw new BadRequestError('vlanRequired', 'vlan');
  }
  if (!input.scheduleEnabled) return;
  if (input.schedule.length === 0) throw new BadRequestError('scheduleEmpty', 'schedule');
  const sorted = sortWindows(input.schedule);
  sorted.forEach((w, i) => {
    if (w.from >= w.to)
      throw new BadRequestError('scheduleReversed', 'schedule', { day: w.day, dayName: WEEKDAY_NAMES[w.day] });
    const before = sorted[i - 1];
    if (before && before.day === w.day && before.to > w.from) {
      throw new BadRequestError('scheduleOverlap', 'schedule', { day: w.day, dayName: WEEKDAY_NAMES[w.day] });
    }
  });
}

/** The controller's fields of a network, from the console's (a passphrase left empty on an edit is kept). */
export function toControllerWlan(input: WlanInput, keptPassphrase: string | undefined): Raw {
  const body: Raw = {
    name: input.name.trim(),
    enabled: input.enabled ?? true,
    security: input.security,
    is_guest: input.isGuest,
    vlan_enabled: input.vlanEnabled,
    schedule_enabled: input.scheduleEnabled,
    schedule: input.scheduleEnabled ? toControllerSchedule(input.schedule) : [],
  };
  if (input.vlanEnabled) body.vlan = String(input.vlan);
  if (input.userGroupId !== undefined) body.usergroup_id = input.userGroupId;
  if (input.security === 'wpapsk') {
    body.x_passphrase = input.passphrase || keptPassphrase || '';
    body.wpa_mode = 'wpa2';
    body.wpa_enc = 'ccmp';
  }
  return body;
}

/** The spec's form's per-day fields of a schedule: each day's switch, its first window's quarters, its string. */
function specDays(windows: ScheduleWindow[]): Partial<Wlan> {
  const fields: Record<string, unknown> = {};
  for (const [name, day] of Object.entries(SPEC_SCHEDULE_DAYS) as [SpecScheduleDay, Weekday][]) {
    const first = windows.find((w) => w.day === day);
    fields[`status_${name}`] = first !== undefined;
    fields[`valid_${name}`] = first ? [first.from / 15, first.to / 15] : [32, 72];
    fields[`${name}_schedule`] = first ? toControllerSchedule([first])[0] : 'disable';
  }
  return fields as Partial<Wlan>;
}

/** A network for the console, with the same fields under the spec's (the controller's) names. */
export function toWlan(raw: Raw, showSecret: boolean): Wlan {
  const vlan = Number.parseInt(String(raw.vlan ?? ''), 10);
  const wlan = {
    id: String(raw._id ?? ''),
    name: String(raw.name ?? ''),
    enabled: raw.enabled !== false,
    security: String(raw.security ?? 'open'),
    passphrase: showSecret && raw.security === 'wpapsk' ? String(raw.x_passphrase ?? '') : '',
    isGuest: raw.is_guest === true,
    vlanEnabled: raw.vlan_enabled === true,
    vlan: Number.isInteger(vlan) && vlan >= 1 && vlan <= 4094 ? vlan : null,
    groupId: String(raw.wlangroup_id ?? ''),
    scheduleEnabled: raw.schedule_enabled === true,
    schedule: fromControllerSchedule(raw.schedule),
  };
  return withSpecNames(wlan, typeof raw.usergroup_id === 'string' ? raw.usergroup_id : undefined);
}

/** The spec's names of a network's fields beside the console's (the group as the console lists it). */
export function withSpecNames(wlan: Wlan, userGroupId?: string): Wlan {
  return {
    ...wlan,
    _id: wlan.id,
    x_passphrase: wlan.passphrase,
    is_guest: wlan.isGuest,
    vlan_enabled: wlan.vlanEnabled,
    ...(userGroupId === undefined ? {} : { usergroup_id: userGroupId }),
    wlangroup_id: wlan.groupId,
    schedule_enabled: wlan.scheduleEnabled,
    ...specDays(wlan.schedule),
  };
}

/** Groups named off (the controller's hidden "Off" group) are not shown. */
export function isShownGroup(raw: Raw): boolean {
  return (
    String(raw.name ?? '')
      .trim()
      .toLowerCase() !== 'off' && raw.attr_hidden_id !== 'Off'
  );
}

/** Which groups the controller has: wlan groups (Network 5 and before) or AP groups (Network 6 and later). */
export type GroupKind = WlanGroup['kind'];

export const toWlanGroup = (raw: Raw, kind: GroupKind): WlanGroup => ({
  id: String(raw._id ?? ''),
  name: String(raw.name ?? ''),
  kind,
  _id: String(raw._id ?? ''),
  ...(typeof raw.site_id === 'string' ? { site_id: raw.site_id } : {}),
});

/** The AP groups a network is on. */
export const apGroupIdsOf = (raw: Raw | undefined): string[] =>
  Array.isArray(raw?.ap_group_ids) ? raw.ap_group_ids.map(String) : [];

/**
 * A network's group in the controller's terms: its wlan group, or on AP groups the group added to those it is
 * already on (a network may be on several).
 */
export function withGroup(body: Raw, groupId: string, kind: GroupKind, current: Raw | undefined): Raw {
  if (kind === 'wlangroup') return { ...body, wlangroup_id: groupId };
  const { wlangroup_id: _, ...rest } = body;
  return { ...rest, ap_group_mode: 'groups', ap_group_ids: [...new Set([...apGroupIdsOf(current), groupId])] };
}

/** A new group: its name and hidden defaults (roaming channel 1 on 2.4 GHz, 36 on 5 GHz). */
export const newWlanGroup = (name: string): Raw => ({
  name: name.trim(),
  roam_radio: 'ng',
  roam_channel_na: 36,
  roam_channel_ng: 1,
  pmf_mode: 'optional',
});

/**
 * The hidden-networks setting: words separated by spaces (default `tps tpcoms`); a network whose name holds one of
 * them as a whole word (between the name's ends, spaces or punctuation: `TPS-mgmt`, `noc_tpcoms`), without regard to
 * case, is the operator's own and is not listed. `Laptops` holds no word `tps`.
 */
export function hiddenMatcher(pattern: string): (name: string) => boolean {
  const words = pattern.split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => false;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const whole = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
  return (name) => whole.test(name);
}

/**
 * A site's hotspot login for the console. `portalUrl` is where the controller sends the site's guests when the
 * console has a public address (PORTAL_ADDRESS), and `external` says whether the controller does so now.
 */
export function toHotspot(raw: Raw | undefined, showSecret: boolean, portal: PortalTarget): Hotspot {
  const login = toGuestLogin(raw);
  return {
    enabled: login.enabled,
    portalName: login.portalName,
    auth: login.auth,
    password: showSecret && login.auth === 'password' ? login.password : '',
    promoUrl: login.promoUrl,
    portalUrl: portal.address ? `http://${portal.address}/guest/s/${portal.site}/` : '',
    external: portal.address !== '' && login.externalAddress === portal.address,
    facebook_wifi_gw_name: login.portalName,
    x_password: showSecret && login.auth === 'password' ? login.password : '',
    redirect_url: login.promoUrl,
  };
}

/** The console's public address (an IPv4 address, as the controller's external portal takes it) and the site. */
export type PortalTarget = { address: string; site: string };

/**
 * A hotspot body read into the console's names: each field under the console's name or the controller's
 * (`facebook_wifi_gw_name`, `x_password`, `redirect_url`); left out, the portal is on, its name and URL empty.
 */
export function fromHotspotBody(body: HotspotBodyInput): HotspotInput {
  const password = either(body.password, body.x_password, ['password', 'x_password']);
  return {
    enabled: body.enabled ?? true,
    portalName: either(body.portalName, body.facebook_wifi_gw_name, ['portalName', 'facebook_wifi_gw_name']) ?? '',
    auth: body.auth,
    ...(password === undefined ? {} : { password }),
    promoUrl: either(body.promoUrl, body.redirect_url, ['promoUrl', 'redirect_url']) ?? '',
  };
}

/**
 * The guest-access fields the console sets; a password left empty is kept. With a public address the controller's
 * external portal points at the console (`auth: custom`), and the site's choice stays in the voucher and password
 * switches, which the console's guest page reads.
 */
export function toGuestAccess(input: HotspotInput, keptPassword: string, portalAddress: string): Raw {
  const password = input.password || keptPassword;
  if (input.auth === 'password' && !password.trim()) throw new BadRequestError('hotspotPasswordRequired', 'password');
  return {
    portal_enabled: input.enabled,
    // a password portal is the controller's hotspot with its password switch on, as a voucher portal with its voucher
    // switch: `auth` takes none, hotspot, facebook_wifi or custom only (paultyng/go-unifi setting_guest_access)
    auth: portalAddress ? 'custom' : input.auth === 'none' ? 'none' : 'hotspot',
    ...(portalAddress ? { custom_ip: portalAddress } : {}),
    facebook_wifi_gw_name: input.portalName.trim(),
    voucher_enabled: input.auth === 'hotspot',
    password_enabled: input.auth === 'password',
    ...(input.auth === 'password' ? { x_password: password } : {}),
    redirect_enabled: input.promoUrl !== '',
    redirect_url: input.promoUrl,
  };
}
