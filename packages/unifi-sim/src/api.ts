// Over 300 lines: the controller's route table: one short handler per Network API call the console makes, kept in one list as the controller's own API is one list.
/** The Network API routes (paths relative to the Network base: `/` classic, `/proxy/network` on UniFi OS). */

import { allUsers, essidFor, findIdentity, guests, onlineAt, sessionRecords, staObject } from './activity.ts';
import type { Misbehaviour } from './misbehaviour.ts';
import { REPORT_INTERVALS, REPORT_KINDS, type ReportInterval, type ReportKind, report } from './reports.ts';
import { devices, health, selfSite, statSite, sysinfo } from './views.ts';
import {
  addSite,
  type GuestAuthorization,
  HOUR,
  type JsonObject,
  type KnownUser,
  newId,
  type Site,
  voucherObject,
  type World,
  wlanObject,
} from './world.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly msg: string,
  ) {
    super(msg);
  }
}

export type Ctx = {
  world: World;
  site: Site;
  body: JsonObject;
  query: URLSearchParams;
  /** values of the `{...}` segments other than `{site}`, in order */
  params: string[];
  now: number;
  flavor: 'classic' | 'unifios';
  username: string;
  /** how the controller misbehaves now */
  misbehaviour: Misbehaviour;
};

export type Route = {
  methods: string[];
  /** e.g. `/api/s/{site}/stat/sta`: the call counter's key */
  template: string;
  handler: (ctx: Ctx) => unknown[];
  /** a v2 call: answered bare (the list, or its one object), not in the meta/data envelope */
  v2?: 'list' | 'one';
};

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const invalid = (msg = 'api.err.InvalidPayload') => new ApiError(400, msg);

function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function param(ctx: Ctx, key: string): unknown {
  return ctx.body[key] ?? ctx.query.get(key) ?? undefined;
}

function requireMac(value: unknown): string {
  if (typeof value !== 'string' || !MAC.test(value)) throw invalid();
  return value;
}

// ---- sites ----

function sitemgr(ctx: Ctx): unknown[] {
  const { world, site, body, now } = ctx;
  switch (body.cmd) {
    case 'add-site': {
      const desc = typeof body.desc === 'string' ? body.desc.trim() : '';
      if (!desc) throw invalid();
      const created = addSite(world, desc, now);
      return [{ _id: created._id, desc: created.desc, name: created.name }];
    }
    case 'update-site': {
      const desc = typeof body.desc === 'string' ? body.desc.trim() : '';
      if (!desc) throw invalid();
      site.desc = desc;
      return [];
    }
    case 'delete-site': {
      const index = world.sites.findIndex((s) => s._id === body.site);
      if (index < 0 || world.sites[index].name === 'default') throw invalid('api.err.IdInvalid');
      world.sites.splice(index, 1);
      return [];
    }
    case 'get-admins':
      return [{ _id: 'admin', name: ctx.username, email: '', is_super: true, role: 'admin' }];
    default:
      throw invalid('api.err.UnknownCommand');
  }
}

// ---- vouchers ----

function listVouchers(ctx: Ctx): unknown[] {
  const createTime = num(param(ctx, 'create_time'));
  for (const v of ctx.site.vouchers) ageVoucher(v, ctx.now);
  return ctx.site.vouchers.filter((v) => createTime === undefined || v.create_time === createTime);
}

/**
 * A voucher's time runs from its first use (`start_time`) for its `duration`: `status_expires` is what is left
 * (seconds), and once it is over the voucher is EXPIRED for every device.
 */
export function ageVoucher(v: JsonObject, now: number): void {
  const end = num(v.end_time);
  if (end === undefined || v.status === 'EXPIRED') return;
  const left = end - Math.floor(now / 1000);
  v.status_expires = Math.max(0, left);
  if (left <= 0) v.status = 'EXPIRED';
}

function hotspot(ctx: Ctx): unknown[] {
  const { site, body, world, now } = ctx;
  if (body.cmd === 'create-voucher') {
    const n = num(body.n) ?? 1;
    const quota = num(body.quota) ?? 0;
    let minutes = num(body.expire);
    const expireNumber = num(body.expire_number);
    if (minutes === undefined && expireNumber !== undefined) minutes = expireNumber * (num(body.expire_unit) ?? 1);
    if (!Number.isInteger(n) || n < 1 || n > 10_000 || quota < 0 || minutes === undefined || minutes <= 0) {
      throw invalid();
    }
    const createTime = Math.floor(now / 1000);
    // the codes in use, looked up once for the whole batch (a hotspot may hold tens of thousands)
    const codes = new Set(site.vouchers.map((v) => v.code));
    for (let i = 0; i < n; i++) {
      let code = `${world.rng.int(1, 9)}${world.rng.digits(9)}`;
      while (codes.has(code)) code = `${world.rng.int(1, 9)}${world.rng.digits(9)}`;
      codes.add(code);
      site.vouchers.push(
        voucherObject(site, newId(world.rng, now), code, createTime, {
          note: typeof body.note === 'string' && body.note !== '' ? body.note : null,
          quota,
          duration: minutes,
          up: num(body.up),
          down: num(body.down),
          bytes: num(body.bytes),
        }),
      );
    }
    return [{ create_time: createTime }];
  }
  if (body.cmd === 'delete-voucher') {
    const index = site.vouchers.findIndex((v) => v._id === body._id);
    if (index < 0) throw invalid('api.err.NoSuchVoucher');
    site.vouchers.splice(index, 1);
    return [];
  }
  throw invalid('api.err.UnknownCommand');
}

// ---- clients ----

function stamgr(ctx: Ctx): unknown[] {
  const { site, body, now } = ctx;
  const cmd = body.cmd;
  if (cmd === 'forget-sta') {
    const macs = Array.isArray(body.macs) ? body.macs : [body.mac];
    for (const m of macs) {
      const mac = requireMac(m);
      site.users.delete(mac);
      site.blocked.delete(mac);
    }
    return [];
  }
  const mac = requireMac(body.mac);
  switch (cmd) {
    case 'block-sta':
    case 'unblock-sta': {
      const user = knownUser(site, mac, now);
      user.blocked = cmd === 'block-sta';
      if (user.blocked) site.blocked.add(mac);
      else site.blocked.delete(mac);
      const rec = allUsers(site, 24 * 365, now, 'all').find((u) => u.mac === mac);
      return rec ? [rec] : [];
    }
    case 'kick-sta':
      site.kicked.set(mac, now);
      return [];
    case 'authorize-guest': {
      const expire = num(site.settings.find((x) => x.key === 'guest_access')?.expire);
      const minutes = num(body.minutes) ?? expire ?? 480;
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 525_600) throw invalid();
      const limit = (v: unknown) => {
        const n = num(v);
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw invalid();
        return n;
      };
      // what Art-of-WiFi's authorize_guest sends (mac, minutes, up, down, bytes, ap_mac): no public client sends a
      // voucher with it, and a voucher's `used` counts the controller's own portal's guests, not the API's
      const apMac = body.ap_mac === undefined ? undefined : requireMac(body.ap_mac);
      const given = { start: now, end: now + minutes * 60_000, minutes, up: limit(body.up), down: limit(body.down) };
      const record: GuestAuthorization = { ...given, bytes: limit(body.bytes), apMac };
      if (ctx.misbehaviour.authorizationsLost) record.lost = true;
      site.authorized.set(mac, record);
      return [{ mac, authorized_by: 'api', start: Math.floor(now / 1000), end: Math.floor(given.end / 1000) }];
    }
    case 'unauthorize-guest':
      site.authorized.delete(mac);
      return [];
    default:
      throw invalid('api.err.UnknownCommand');
  }
}

function knownUser(site: Site, mac: string, now: number): KnownUser {
  const existing = site.users.get(mac);
  if (existing) return existing;
  const ident = findIdentity(site, mac, now);
  const nowS = Math.floor(now / 1000);
  const user: KnownUser = ident
    ? {
        _id: ident.userId,
        mac,
        hostname: ident.hostname,
        name: ident.name,
        oui: ident.oui,
        first_seen: ident.firstSeen,
        last_seen: nowS,
        is_guest: ident.isGuest,
      }
    : {
        _id: `${nowS.toString(16).padStart(8, '0')}${mac.replaceAll(':', '').padStart(16, '0')}`,
        mac,
        oui: '',
        first_seen: nowS,
        last_seen: nowS,
        is_guest: false,
      };
  if (user.hostname === undefined) delete user.hostname;
  if (user.name === undefined) delete user.name;
  site.users.set(mac, user);
  return user;
}

function staList(ctx: Ctx): unknown[] {
  return onlineAt(ctx.site, ctx.now).map((o) => staObject(ctx.site, o, ctx.now));
}

/**
 * One online client (`stat/sta/{mac}`): a client of the simulated world, or a guest let in through authorize-guest
 * whose time is not over (its phone is on the guest network); nothing for a device the controller does not see.
 */
function staOne(ctx: Ctx): unknown[] {
  const mac = requireMac(ctx.params[0]);
  const online = onlineAt(ctx.site, ctx.now).find((o) => o.ident.mac === mac);
  if (online) return [staObject(ctx.site, online, ctx.now)];
  const guest = ctx.site.authorized.get(mac);
  // a client let in shows only once the controller has heard of it (`lateClientsMs` after); before, and for a MAC it
  // never heard of, some controllers answer api.err.UnknownStation rather than an empty list (`unknownStation`)
  const heard = guest && guest.end > ctx.now && ctx.now - guest.start >= ctx.misbehaviour.lateClientsMs;
  if (!heard && ctx.misbehaviour.unknownStation) throw invalid('api.err.UnknownStation');
  if (!guest || !heard) return [];
  const ap = ctx.site.devices.find((d) => d.mac === guest.apMac) ?? ctx.site.devices[0];
  return [
    {
      mac,
      ap_mac: ap?.mac ?? '',
      essid: essidFor(ctx.site, true),
      is_guest: true,
      authorized: guest.lost !== true,
      uptime: Math.floor((ctx.now - guest.start) / 1000),
      site_id: ctx.site._id,
    },
  ];
}

function alluser(ctx: Ctx): unknown[] {
  const type = String(param(ctx, 'type') ?? 'all');
  const within = num(param(ctx, 'within')) ?? 8760;
  return allUsers(ctx.site, within, ctx.now, type);
}

function guestList(ctx: Ctx): unknown[] {
  const start = num(param(ctx, 'start'));
  const end = num(param(ctx, 'end'));
  if (start !== undefined || end !== undefined) {
    const to = end !== undefined ? end * 1000 : ctx.now;
    const from = start !== undefined ? start * 1000 : to - 30 * 24 * HOUR;
    return [...guests(ctx.site, from, to, ctx.now), ...apiGuests(ctx.site, from, to, ctx.now)];
  }
  const within = num(param(ctx, 'within')) ?? 8760;
  const from = ctx.now - within * HOUR;
  return [...guests(ctx.site, from, ctx.now, ctx.now), ...apiGuests(ctx.site, from, ctx.now, ctx.now)];
}

/** stat/guest entries of the guests let in through the API (authorize-guest) in [from, to] (ms). */
function apiGuests(site: Site, from: number, to: number, now: number): JsonObject[] {
  return [...site.authorized]
    .filter(([, a]) => a.lost !== true && a.start >= from && a.start <= to)
    .map(([mac, a]) => {
      const g: JsonObject = {
        _id: `${Math.floor(a.start / 1000)
          .toString(16)
          .padStart(8, '0')}${mac.replaceAll(':', '').padStart(16, '0')}`,
        mac,
        start: Math.floor(a.start / 1000),
        end: Math.floor(a.end / 1000),
        duration: a.minutes * 60,
        authorized_by: 'api',
        is_returning: false,
        tx_bytes: 0,
        rx_bytes: 0,
        expired: a.end <= now,
      };
      if (a.apMac) g.ap_mac = a.apMac;
      if (a.up !== undefined) g.qos_rate_max_up = a.up;
      if (a.down !== undefined) g.qos_rate_max_down = a.down;
      if (a.bytes !== undefined) g.qos_usage_quota = a.bytes;
      return g;
    });
}

function sessionList(ctx: Ctx): unknown[] {
  const end = (num(param(ctx, 'end')) ?? Math.floor(ctx.now / 1000)) * 1000;
  const start = (num(param(ctx, 'start')) ?? end / 1000 - 7 * 86_400) * 1000;
  const mac = param(ctx, 'mac');
  return sessionRecords(
    ctx.site,
    start,
    end,
    ctx.now,
    String(param(ctx, 'type') ?? 'all'),
    typeof mac === 'string' ? mac : undefined,
  );
}

// ---- devices ----

function devmgr(ctx: Ctx): unknown[] {
  const mac = requireMac(ctx.body.mac);
  if (!ctx.site.devices.some((d) => d.mac === mac)) throw invalid('api.err.UnknownDevice');
  if (!['restart', 'set-locate', 'unset-locate', 'upgrade', 'power-cycle', 'adopt'].includes(String(ctx.body.cmd))) {
    throw invalid('api.err.UnknownCommand');
  }
  return [];
}

function groupDevice(ctx: Ctx): unknown[] {
  const ids = Array.isArray(ctx.body.id) ? ctx.body.id : [ctx.body.id];
  const data = (ctx.body.data ?? {}) as JsonObject;
  const targets = ids.map((id) => ctx.site.devices.find((d) => d._id === id));
  if (targets.some((d) => !d)) throw invalid('api.err.IdInvalid');
  let groupId: unknown = data.wlangroup_id_ng ?? data.wlangroup_id_na ?? data.wlangroup_id;
  if (Array.isArray(data.radio_table)) {
    for (const r of data.radio_table as JsonObject[]) if (r?.wlangroup_id) groupId = r.wlangroup_id;
  }
  if (groupId !== undefined) {
    if (!ctx.site.wlangroups.some((g) => g._id === groupId)) throw invalid('api.err.IdInvalid');
    for (const d of targets) d!.wlangroupId = String(groupId);
  }
  return [];
}

/**
 * One device's settings (Art-of-WiFi's set_ap_wlangroup: `upd/device/{_id}` with `wlangroup_id_ng`/`_na`): its wifi
 * group, as the bulk `group/device` sets it for many.
 */
function updDevice(ctx: Ctx): unknown[] {
  const device = ctx.site.devices.find((d) => d._id === ctx.params[0]);
  if (!device) throw invalid('api.err.IdInvalid');
  const groupId = ctx.body.wlangroup_id_ng ?? ctx.body.wlangroup_id_na;
  if (groupId !== undefined) {
    if (!ctx.site.wlangroups.some((g) => g._id === groupId)) throw invalid('api.err.IdInvalid');
    device.wlangroupId = String(groupId);
  }
  return [];
}

/** The devices with a few fields and no statistics (Art-of-WiFi's list_devices_basic). */
function devicesBasic(ctx: Ctx): unknown[] {
  return devices(ctx.site, ctx.now).map((d) => ({
    mac: d.mac,
    state: d.state,
    adopted: d.adopted,
    disabled: d.disabled ?? false,
    type: d.type,
    model: d.model,
    name: d.name,
  }));
}

// ---- wlans ----

function validateWlan(w: JsonObject, ctx: Ctx): void {
  if (w.ap_group_ids !== undefined) {
    const known = ctx.site.apgroups ?? [];
    if (!Array.isArray(w.ap_group_ids) || w.ap_group_ids.some((id) => !known.some((g) => g._id === id))) {
      throw invalid('api.err.IdInvalid');
    }
  }
  if (typeof w.name !== 'string' || w.name.length < 1 || w.name.length > 32) throw invalid('api.err.InvalidPayload');
  if (w.security === 'wpapsk') {
    const p = w.x_passphrase;
    if (typeof p !== 'string' || p.length < 8 || p.length > 63) throw invalid('api.err.InvalidPassphrase');
  }
}

function createWlan(ctx: Ctx): unknown[] {
  const { _id, site_id, ...fields } = ctx.body;
  const wlan = wlanObject(ctx.site, { ...fields, _id: newId(ctx.world.rng, ctx.now) });
  validateWlan(wlan, ctx);
  if (!ctx.site.wlangroups.some((g) => g._id === wlan.wlangroup_id)) throw invalid('api.err.IdInvalid');
  ctx.site.wlans.push(wlan);
  return [wlan];
}

function findWlan(ctx: Ctx): JsonObject {
  const wlan = ctx.site.wlans.find((w) => w._id === ctx.params[0]);
  if (!wlan) throw invalid('api.err.IdInvalid');
  return wlan;
}

function updateWlan(ctx: Ctx): unknown[] {
  const wlan = findWlan(ctx);
  const { _id, site_id, ...fields } = ctx.body;
  const next = { ...wlan, ...fields };
  validateWlan(next, ctx);
  Object.assign(wlan, fields);
  return [wlan];
}

function deleteWlan(ctx: Ctx): unknown[] {
  const wlan = findWlan(ctx);
  ctx.site.wlans.splice(ctx.site.wlans.indexOf(wlan), 1);
  return [];
}

function createWlangroup(ctx: Ctx): unknown[] {
  const { _id, site_id, attr_hidden_id, attr_no_delete, ...fields } = ctx.body;
  if (typeof fields.name !== 'string' || !fields.name.trim()) throw invalid();
  const group: JsonObject = { _id: newId(ctx.world.rng, ctx.now), ...fields, site_id: ctx.site._id };
  ctx.site.wlangroups.push(group);
  return [group];
}

// ---- AP groups (Network 6 and later) ----

function apgroupsOf(ctx: Ctx): JsonObject[] {
  if (!ctx.world.apGroups) throw new ApiError(404, 'api.err.NotFound');
  ctx.site.apgroups ??= [
    {
      _id: newId(ctx.world.rng, ctx.now),
      name: 'All APs',
      attr_hidden_id: 'default',
      attr_no_delete: true,
      device_macs: ctx.site.devices.map((d) => d.mac),
    },
  ];
  return ctx.site.apgroups;
}

function apgroupFields(ctx: Ctx): { name?: string; device_macs?: string[] } {
  const { name, device_macs } = ctx.body;
  if (name !== undefined && (typeof name !== 'string' || !name.trim())) throw invalid();
  if (device_macs !== undefined) {
    if (!Array.isArray(device_macs)) throw invalid();
    for (const mac of device_macs)
      if (!ctx.site.devices.some((d) => d.mac === mac)) throw invalid('api.err.UnknownDevice');
  }
  return { name: name as string | undefined, device_macs: device_macs as string[] | undefined };
}

function createApgroup(ctx: Ctx): unknown[] {
  const groups = apgroupsOf(ctx);
  const fields = apgroupFields(ctx);
  if (!fields.name) throw invalid();
  const group: JsonObject = {
    _id: newId(ctx.world.rng, ctx.now),
    name: fields.name,
    device_macs: fields.device_macs ?? [],
  };
  groups.push(group);
  return [group];
}

function updateApgroup(ctx: Ctx): unknown[] {
  const group = apgroupsOf(ctx).find((g) => g._id === ctx.params[0]);
  if (!group) throw new ApiError(404, 'api.err.NotFound');
  const fields = apgroupFields(ctx);
  if (fields.name) group.name = fields.name;
  if (fields.device_macs) group.device_macs = [...new Set(fields.device_macs)];
  return [group];
}

// ---- settings ----

function setGuestAccess(ctx: Ctx): unknown[] {
  const setting = ctx.site.settings.find((s) => s.key === 'guest_access');
  if (!setting) throw invalid('api.err.IdInvalid');
  if (ctx.params[0] !== undefined && ctx.params[0] !== setting._id) throw invalid('api.err.IdInvalid');
  const { _id, site_id, key, ...fields } = ctx.body;
  const auth = fields.auth;
  // the values paultyng/go-unifi's generated settings (setting_guest_access) give `auth`: a password portal is
  // `hotspot` with `password_enabled`, as a voucher portal is `hotspot` with `voucher_enabled`
  if (auth !== undefined && !['none', 'hotspot', 'facebook_wifi', 'custom'].includes(String(auth))) {
    throw invalid();
  }
  Object.assign(setting, fields);
  const expireNumber = num(fields.expire_number);
  const expireUnit = num(fields.expire_unit);
  if (expireNumber !== undefined || expireUnit !== undefined) {
    setting.expire = (expireNumber ?? num(setting.expire_number) ?? 0) * (expireUnit ?? num(setting.expire_unit) ?? 1);
  }
  return [setting];
}

// ---- reports ----

function reportRoute(interval: ReportInterval, kind: ReportKind): Route {
  return {
    methods: ['POST', 'GET'],
    template: `/api/s/{site}/stat/report/${interval}.${kind}`,
    handler: (ctx) => {
      const attrs = ctx.body.attrs;
      const macs = Array.isArray(ctx.body.macs)
        ? ctx.body.macs.map(String)
        : typeof param(ctx, 'mac') === 'string'
          ? [String(param(ctx, 'mac'))]
          : undefined;
      return report(
        ctx.site,
        {
          interval,
          kind,
          attrs: Array.isArray(attrs) ? attrs.map(String) : undefined,
          start: num(param(ctx, 'start')),
          end: num(param(ctx, 'end')),
          macs,
          retention: true,
        },
        ctx.now,
      );
    },
  };
}

const GET = ['GET'];
const GET_POST = ['GET', 'POST'];

/** Routes that need no site (`/api/self/...`, `/api/stat/sites`). */
export const globalRoutes: Route[] = [
  {
    methods: GET,
    template: '/api/self',
    handler: (ctx) => [{ _id: 'admin', name: ctx.username, email: '', is_super: true, last_site_name: 'default' }],
  },
  { methods: GET, template: '/api/self/sites', handler: (ctx) => ctx.world.sites.map(selfSite) },
  {
    methods: GET,
    template: '/api/stat/sites',
    handler: (ctx) => ctx.world.sites.map((s) => statSite(ctx.world, s, ctx.now)),
  },
];

/** Routes under `/api/s/{site}/`. */
export const siteRoutes: Route[] = [
  { methods: ['POST'], template: '/api/s/{site}/cmd/sitemgr', handler: sitemgr },
  { methods: GET_POST, template: '/api/s/{site}/stat/voucher', handler: listVouchers },
  { methods: ['POST'], template: '/api/s/{site}/cmd/hotspot', handler: hotspot },
  { methods: GET_POST, template: '/api/s/{site}/stat/sta', handler: staList },
  { methods: GET, template: '/api/s/{site}/stat/sta/{mac}', handler: staOne },
  { methods: GET_POST, template: '/api/s/{site}/stat/alluser', handler: alluser },
  { methods: ['POST'], template: '/api/s/{site}/cmd/stamgr', handler: stamgr },
  { methods: GET_POST, template: '/api/s/{site}/stat/device', handler: (ctx) => devices(ctx.site, ctx.now) },
  { methods: ['POST'], template: '/api/s/{site}/cmd/devmgr', handler: devmgr },
  { methods: GET, template: '/api/s/{site}/stat/health', handler: (ctx) => health(ctx.site, ctx.now) },
  { methods: GET_POST, template: '/api/s/{site}/stat/guest', handler: guestList },
  { methods: GET_POST, template: '/api/s/{site}/stat/session', handler: sessionList },
  { methods: GET, template: '/api/s/{site}/rest/wlanconf', handler: (ctx) => ctx.site.wlans },
  { methods: ['POST'], template: '/api/s/{site}/rest/wlanconf', handler: createWlan },
  { methods: ['POST'], template: '/api/s/{site}/add/wlanconf', handler: createWlan },
  { methods: GET, template: '/api/s/{site}/rest/wlanconf/{_id}', handler: (ctx) => [findWlan(ctx)] },
  { methods: ['PUT'], template: '/api/s/{site}/rest/wlanconf/{_id}', handler: updateWlan },
  { methods: ['DELETE'], template: '/api/s/{site}/rest/wlanconf/{_id}', handler: deleteWlan },
  { methods: GET, template: '/api/s/{site}/rest/wlangroup', handler: (ctx) => ctx.site.wlangroups },
  { methods: ['POST'], template: '/api/s/{site}/rest/wlangroup', handler: createWlangroup },
  { methods: ['PUT', 'POST'], template: '/api/s/{site}/group/device', handler: groupDevice },
  { methods: ['PUT', 'POST'], template: '/api/s/{site}/upd/device/{_id}', handler: updDevice },
  { methods: GET_POST, template: '/api/s/{site}/stat/device-basic', handler: devicesBasic },
  { methods: GET_POST, template: '/api/s/{site}/get/setting', handler: (ctx) => ctx.site.settings },
  {
    methods: GET_POST,
    template: '/api/s/{site}/get/setting/{key}',
    handler: (ctx) => ctx.site.settings.filter((s) => s.key === ctx.params[0]),
  },
  { methods: ['POST', 'PUT'], template: '/api/s/{site}/set/setting/guest_access', handler: setGuestAccess },
  { methods: ['POST', 'PUT'], template: '/api/s/{site}/set/setting/guest_access/{_id}', handler: setGuestAccess },
  { methods: GET, template: '/v2/api/site/{site}/apgroups', handler: apgroupsOf, v2: 'list' },
  { methods: ['POST'], template: '/v2/api/site/{site}/apgroups', handler: createApgroup, v2: 'one' },
  { methods: ['PUT'], template: '/v2/api/site/{site}/apgroups/{_id}', handler: updateApgroup, v2: 'one' },
  { methods: GET, template: '/api/s/{site}/stat/sysinfo', handler: (ctx) => [sysinfo(ctx.world, ctx.now, ctx.flavor)] },
  ...REPORT_INTERVALS.flatMap((i) => REPORT_KINDS.map((k) => reportRoute(i, k))),
];

export type Match = { route: Route; site?: string; params: string[] } | { template: string; wrongMethod: true };

/** Find the route of a Network path (already stripped of `/proxy/network`). */
export function matchRoute(method: string, path: string): Match | null {
  const segments = path.split('/');
  let wrongMethod: string | null = null;
  for (const route of [...globalRoutes, ...siteRoutes]) {
    const tpl = route.template.split('/');
    if (tpl.length !== segments.length) continue;
    let site: string | undefined;
    const params: string[] = [];
    let ok = true;
    for (let i = 0; i < tpl.length && ok; i++) {
      if (tpl[i] === '{site}') site = decodeURIComponent(segments[i]);
      else if (tpl[i].startsWith('{')) params.push(decodeURIComponent(segments[i]));
      else ok = tpl[i] === segments[i];
    }
    if (!ok) continue;
    if (!route.methods.includes(method)) {
      wrongMethod ??= route.template;
      continue;
    }
    return { route, site, params };
  }
  return wrongMethod ? { template: wrongMethod, wrongMethod: true } : null;
}
