// Over 300 lines: the world's types and the seeded builders of a site's parts (access points, client seats, networks, vouchers), which the demo's sites and the generated ones (fleet.ts) share; split, each half would have to be read with the other.
/** The simulator's stored state: sites, access points, networks, settings, vouchers and known clients. */
import { createRng, type Rng } from './rng.ts';

export type JsonObject = Record<string, unknown>;

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** The simulated controller runs in Asia/Ho_Chi_Minh (UTC+7, no daylight saving). */
export const TZ_OFFSET = 7 * HOUR;
export const TIMEZONE = 'Asia/Ho_Chi_Minh';

export type Device = {
  _id: string;
  index: number;
  mac: string;
  name: string;
  model: string;
  serial: string;
  ip: string;
  version: string;
  channelNg: number;
  channelNa: number;
  wlangroupId: string;
  /** epoch ms of the last boot */
  bootAt: number;
  /** epoch ms since when the AP is disconnected; null = connected. Tests may change it. */
  downSince: number | null;
  /** average bytes per second through the AP, for its counters */
  rate: number;
};

/**
 * staff: weekday working hours; regular and guest: visits of a few hours in the daytime (a hotel's guests may
 * stay the night); fixture: an always-on device (POS terminal, camera, smart TV) that is online at every hour.
 */
export type ClientKind = 'staff' | 'regular' | 'guest' | 'fixture';

/** A "seat" that a succession of client devices occupies; see activity.ts. */
export type ClientSlot = {
  k: number;
  kind: ClientKind;
  /** days a device keeps the slot before a new device (new mac) takes it */
  period: number;
  offset: number;
  /** probability of a visit on a given day */
  p: number;
  isGuest: boolean;
  /** a guest who may stay the night (hotel) */
  overnight?: boolean;
  /** the host name of a fixture */
  hostname?: string;
};

/** Client seats as typed arrays: visitors 0..visitors-1 (kind, period, offset, guest), then the fixtures. */
export type SeatTable = {
  visitors: number;
  /** index in SEAT_KINDS */
  kinds: Uint8Array;
  periods: Uint16Array;
  offsets: Uint16Array;
  /** 1 = a guest */
  guests: Uint8Array;
  /** host names of the always-on devices, seats visitors.. */
  fixtures: string[];
  overnight: boolean;
};

export const SEAT_KINDS: ClientKind[] = ['staff', 'regular', 'guest', 'fixture'];
const VISIT_P: Record<ClientKind, number> = { staff: 0.85, regular: 0.35, guest: 0.4, fixture: 1 };

/** Seat k of a table, as the slot object the demo's sites hold. */
export function seatAt(table: SeatTable, k: number): ClientSlot {
  if (k >= table.visitors) {
    const hostname = table.fixtures[k - table.visitors];
    return { k, kind: 'fixture', period: 3650, offset: 0, p: 1, isGuest: false, hostname };
  }
  const kind = SEAT_KINDS[table.kinds[k]];
  return {
    k,
    kind,
    period: table.periods[k],
    offset: table.offsets[k],
    p: VISIT_P[kind],
    isGuest: table.guests[k] === 1,
    overnight: table.overnight && kind === 'guest',
  };
}

/** seatAt written into an existing object (the loops that look at every seat of a site). */
export function seatInto(table: SeatTable, k: number, slot: ClientSlot): void {
  slot.k = k;
  if (k >= table.visitors) {
    slot.kind = 'fixture';
    slot.period = 3650;
    slot.offset = 0;
    slot.p = 1;
    slot.isGuest = false;
    slot.overnight = false;
    slot.hostname = table.fixtures[k - table.visitors];
    return;
  }
  slot.kind = SEAT_KINDS[table.kinds[k]];
  slot.period = table.periods[k];
  slot.offset = table.offsets[k];
  slot.p = VISIT_P[slot.kind];
  slot.isGuest = table.guests[k] === 1;
  slot.overnight = table.overnight && slot.kind === 'guest';
  slot.hostname = undefined;
}

/** True when the site's `slots` exist as objects (the demo's sites, a generated site whose clients were listed). */
export function hasSlots(site: Site): boolean {
  return 'value' in (Object.getOwnPropertyDescriptor(site, 'slots') ?? { value: true });
}

/** Number of seats of a table. */
export const seatCount = (table: SeatTable) => table.visitors + table.fixtures.length;

/** A client the controller knows outside the activity schedule (blocked list, clients named or blocked via the API). */
export type KnownUser = {
  _id: string;
  mac: string;
  hostname?: string;
  name?: string;
  oui: string;
  first_seen: number;
  last_seen: number;
  is_guest: boolean;
  blocked?: boolean;
};

/** A guest let in through the API: its time window (ms) and the limits it was given. */
export type GuestAuthorization = {
  start: number;
  end: number;
  minutes: number;
  up?: number;
  down?: number;
  bytes?: number;
  apMac?: string;
  /** answered ok but not held (`authorizationsLost`): the phone shows, not authorized */
  lost?: boolean;
};

export type Site = {
  /** the world's seed, mixed into every hash of this site */
  seed: number;
  /** number mixed into every hash of this site */
  index: number;
  _id: string;
  name: string;
  desc: string;
  devices: Device[];
  wlans: JsonObject[];
  wlangroups: JsonObject[];
  /** AP groups (Network 6 and later; v2 API), made on first read when the world has them */
  apgroups: JsonObject[] | undefined;
  settings: JsonObject[];
  vouchers: JsonObject[];
  /** by lower-case mac */
  users: Map<string, KnownUser>;
  /** lower-case macs currently blocked */
  blocked: Set<string>;
  /** lower-case mac -> epoch ms of the last kick-sta (offline for a minute after it) */
  kicked: Map<string, number>;
  /** lower-case mac -> the guest authorisation an API call (authorize-guest) gave it */
  authorized: Map<string, GuestAuthorization>;
  slots: ClientSlot[];
  /**
   * A generated site's seats, compact (typed arrays): its health is counted from them without making `slots`, which
   * is then made from them when first read (activity.ts onlineSummary).
   */
  seats?: SeatTable;
  /** wired clients behind the site's switch (only in reports and lan health) */
  lanClients: number;
  /** how guests were authorised historically: drives stat/guest `authorized_by` */
  guestAuth: 'hotspot' | 'password' | 'none';
  networkId: string;
  guestNetworkId: string;
  usergroupId: string;
  gatewayMac: string;
  wanIp: string;
  subnet: number;
  /**
   * The LAN is a 10.{subnet}.0.0/16 (generated sites, sites past the 240th): room for hundreds of access points and
   * thousands of clients; otherwise the demo's 192.168.{subnet}.0/24 with guests on 10.{subnet}.20.0/24.
   */
  wide?: boolean;
};

export type World = {
  seed: number;
  /** epoch ms when the simulator was created: fixed points of the world (boot times, outages) are relative to it */
  createdAt: number;
  sites: Site[];
  /** sequential PRNG for writes (new site names, new ids, voucher codes): deterministic per seed and call order */
  rng: Rng;
  nextSiteIndex: number;
  /** a controller of Network 6 and later: AP groups (`/v2/api/site/{site}/apgroups`) beside the old wlan groups */
  apGroups: boolean;
  /** goes up on every write through the API or the test hooks: cached views made before it are stale */
  version: number;
  /**
   * stat/sites' health of each site, kept for the rest of the simulated minute it was made in (a world of thousands of
   * sites; see startSimulator's `sites`); undefined: computed on every call, as the demo world does.
   */
  healthCache: WeakMap<Site, { minute: number; version: number; health: JsonObject[] }> | undefined;
};

export type WorldOptions = {
  /** number of sites: generated ones after `default` (see fleet.ts); undefined: the demo's own sites */
  sites?: number;
  /** vouchers held by the second site (the demo's hotel, or the generated world's big hotel) */
  vouchers?: number;
};

export type SitePlan = {
  desc: string;
  name?: string;
  aps: [number, number];
  /** client seats; default: 12-22 per access point */
  slots?: number;
  /** access points down beside the demo's two when the outage is `some` (a big site loses more than two) */
  extraDown?: number;
  /** the seats go to a SeatTable (`site.seats`), not to `site.slots` */
  compact?: boolean;
  guestAuth?: Site['guestAuth'];
  /** some: one access point down this week and one for longer (wlan health warning); all: every one down (error) */
  outage: 'none' | 'some' | 'all';
  ssid: string;
  /** the always-on devices of the site, by host name (at least one: the demo is never empty at night) */
  fixtures: string[];
  /** guests may stay the night (a hotel) */
  overnight?: boolean;
};

const SITE_PLANS: SitePlan[] = [
  {
    desc: 'Default',
    name: 'default',
    aps: [3, 5],
    outage: 'none',
    ssid: 'IT4U',
    fixtures: ['Camera-Cong', 'Camera-Sanh', 'Printer-VP'],
  },
  {
    desc: 'Khách sạn Hoa Mai',
    aps: [8, 12],
    outage: 'some',
    ssid: 'HoaMai',
    fixtures: ['SmartTV-P101', 'SmartTV-P102', 'SmartTV-P201', 'Camera-Sanh', 'POS-LeTan'],
    overnight: true,
  },
  { desc: 'Cafe Sài Gòn', aps: [3, 4], outage: 'none', ssid: 'CafeSaiGon', fixtures: ['POS-Quay-1', 'Camera-Quay'] },
  {
    desc: 'Trường Tiểu học An Phú',
    aps: [5, 9],
    outage: 'some',
    ssid: 'THAnPhu',
    fixtures: ['Camera-CongTruong', 'Camera-SanTruong', 'Camera-HanhLang'],
  },
  {
    desc: 'Nhà hàng Biển Xanh',
    aps: [3, 5],
    outage: 'some',
    ssid: 'BienXanh',
    fixtures: ['POS-Quay-1', 'POS-Bep', 'SmartTV-Sanh'],
  },
  { desc: 'Văn phòng Quận 1', aps: [4, 7], outage: 'none', ssid: 'VPQ1', fixtures: ['Camera-VP', 'Printer-Tang2'] },
  // the last two come after the others, so the rest of the world draws the same numbers as before they came
  { desc: 'Kho hàng Bình Dương', aps: [2, 3], outage: 'all', ssid: 'KhoBD', fixtures: ['Camera-Kho'] },
  // being installed: no access point yet, so its wlan health is unknown
  { desc: 'Chi nhánh Đà Nẵng', aps: [0, 0], outage: 'none', ssid: 'CNDaNang', fixtures: [] },
];

const AP_AREAS = [
  'Sảnh',
  'Lễ tân',
  'Tầng 1',
  'Tầng 2',
  'Tầng 3',
  'Phòng họp',
  'Nhà bếp',
  'Sân vườn',
  'Quầy bar',
  'Hành lang',
  'Sân thượng',
  'Kho',
];

const AP_MODELS = ['U7PG2', 'U7LR', 'UAL6', 'UAP6MP', 'U7NHD'];
export const UBNT_OUIS = ['74:ac:b9', 'f0:9f:c2', '24:5a:4c', '78:8a:20', '80:2a:a8'];

/**
 * The world of a seed. Without `sites`, the demo's own sites, always the same for a seed; with it, `default` and
 * generated sites (fleet.ts). The demo's `default` is the first site of both.
 */
export function createWorld(seed: number, createdAt: number, opts: WorldOptions = {}): World {
  const rng = createRng(seed);
  const world: World = {
    seed,
    createdAt,
    sites: [],
    rng: createRng(seed ^ 0x5bd1e995),
    nextSiteIndex: 0,
    apGroups: false,
    version: 0,
    healthCache: undefined,
  };
  const plans = opts.sites === undefined ? SITE_PLANS : SITE_PLANS.slice(0, 1);
  for (const plan of plans) buildSite(world, rng, plan);
  if (opts.sites === undefined) {
    // extra vouchers come from a generator of their own, so the rest of the world stays as it was
    if (opts.vouchers !== undefined && world.sites[1]) {
      topUpVouchers(world.sites[1], opts.vouchers, createRng(seed ^ 0x3c6ef372), createdAt);
    }
  }
  return world;
}

export function newId(rng: Rng, createdAt: number): string {
  // ObjectId-like: 8 hex digits of seconds, then 16 random hex digits
  return (
    Math.floor(createdAt / 1000)
      .toString(16)
      .padStart(8, '0') + rng.hex(16)
  );
}

/** A site added through cmd/sitemgr: no devices, no clients, default networks and settings. */
export function addSite(world: World, desc: string, now: number): Site {
  let name = world.rng.lower(8);
  while (world.sites.some((s) => s.name === name)) name = world.rng.lower(8);
  const site = emptySite(world, world.rng, { desc, name, aps: [0, 0], outage: 'none', ssid: '', fixtures: [] }, now);
  world.sites.push(site);
  site.wlangroups = defaultWlangroups(world.rng, site, now);
  site.settings = defaultSettings(world.rng, site, now, 'hotspot');
  return site;
}

/** A new site's lists and client state, all empty (the demo's sites and the generated ones start so). */
export function emptyParts() {
  return {
    devices: [] as Device[],
    wlans: [] as JsonObject[],
    wlangroups: [] as JsonObject[],
    apgroups: undefined,
    settings: [] as JsonObject[],
    vouchers: [] as JsonObject[],
    users: new Map<string, KnownUser>(),
    blocked: new Set<string>(),
    kicked: new Map<string, number>(),
    authorized: new Map<string, GuestAuthorization>(),
    slots: [] as ClientSlot[],
  };
}

function emptySite(world: World, rng: Rng, plan: SitePlan, now: number): Site {
  const index = world.nextSiteIndex++;
  const wide = index >= 240;
  const site: Site = {
    seed: world.seed,
    index,
    _id: newId(rng, now - 400 * DAY),
    name: plan.name ?? rng.lower(8),
    desc: plan.desc,
    ...emptyParts(),
    lanClients: 0,
    guestAuth: 'hotspot',
    networkId: newId(rng, now - 400 * DAY),
    guestNetworkId: newId(rng, now - 400 * DAY),
    usergroupId: newId(rng, now - 400 * DAY),
    gatewayMac: `${rng.pick(UBNT_OUIS)}:${pairs(rng.hex(6))}`,
    wanIp: wanIpOf(index),
    subnet: wide ? index % 256 : 10 + index,
  };
  if (wide) site.wide = true;
  return site;
}

/** The public address of a site's gateway: documentation addresses, then the shared 100.64.0.0/10 (carrier NAT). */
export function wanIpOf(index: number): string {
  if (index < 240) return `203.0.113.${10 + index}`;
  return `100.${64 + ((index >>> 16) & 63)}.${(index >>> 8) & 255}.${index & 255}`;
}

/** The address of the i-th access point of a site. */
export function apIp(site: Site, i: number): string {
  if (!site.wide) return `192.168.${site.subnet}.${2 + i}`;
  return `10.${site.subnet}.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
}

/** The address of a site's gateway on its LAN (where access points inform). */
export function gatewayIp(site: Site): string {
  return site.wide ? `10.${site.subnet}.0.1` : `192.168.${site.subnet}.1`;
}

function buildSite(world: World, rng: Rng, plan: SitePlan): Site {
  const site = emptySite(world, rng, plan, world.createdAt);
  fillSite(site, rng, plan, world.createdAt);
  world.sites.push(site);
  return site;
}

/**
 * Draws a site's access points, client seats, networks, settings, vouchers and blocked clients from `rng`, after its
 * ids (emptySite), in the demo's order of draws. A generated site draws the same parts in three steps of its own
 * (fillDevices, fillBlocked, then fillConfig when its networks are first read).
 */
function fillSite(site: Site, rng: Rng, plan: SitePlan, now: number): void {
  fillDevices(site, rng, plan, now);
  fillConfig(site, rng, plan, now);
  fillBlocked(site, rng, now);
}

/** The wifi groups, access points (up or down), client seats and wired clients of a site. */
export function fillDevices(site: Site, rng: Rng, plan: SitePlan, now: number): void {
  site.guestAuth = plan.guestAuth ?? (site.index === 3 ? 'none' : site.index === 4 ? 'password' : 'hotspot');
  site.wlangroups = defaultWlangroups(rng, site, now);
  const defaultGroupId = String(site.wlangroups[0]._id);

  const apCount = rng.int(plan.aps[0], plan.aps[1]);
  for (let i = 0; i < apCount; i++) {
    site.devices.push({
      _id: newId(rng, now - 300 * DAY),
      index: i,
      mac: `${rng.pick(UBNT_OUIS)}:${pairs(rng.hex(6))}`,
      name: `AP ${AP_AREAS[i % AP_AREAS.length]}${i >= AP_AREAS.length ? ` ${Math.floor(i / AP_AREAS.length) + 1}` : ''}`,
      model: rng.pick(AP_MODELS),
      serial: rng.hex(12).toUpperCase(),
      ip: apIp(site, i),
      version: rng.pick(['6.6.55.15189', '6.5.62.14788', '6.6.77.15402']),
      channelNg: rng.pick([1, 6, 11]),
      channelNa: rng.pick([36, 44, 149, 157]),
      wlangroupId: defaultGroupId,
      bootAt: now - rng.int(1, 40) * DAY - rng.int(0, 86_399) * 1000,
      downSince: null,
      rate: rng.int(20_000, 400_000),
    });
  }
  if (plan.outage === 'some') {
    site.devices[site.devices.length - 1].downSince = now - rng.int(3, 60) * HOUR; // within the last 7 days
    site.devices[1].downSince = now - rng.int(10, 20) * DAY; // older outage
    // a big site loses a few more, one here and there (never all: the site is in warning, not in error)
    for (let i = 0; i < (plan.extraDown ?? 0); i++) {
      const d = site.devices[rng.int(2, site.devices.length - 2)];
      if (d) d.downSince ??= now - rng.int(1, 200) * HOUR;
    }
  }
  if (plan.outage === 'all') {
    // the site lost its uplink this week: its access points went one after the other, minutes apart
    const lost = now - rng.int(30, 100) * HOUR;
    for (const d of site.devices) d.downSince = lost + d.index * rng.int(1, 5) * 60_000;
  }

  // clients: roughly 12-22 seats per access point (a big site says how many it has)
  const perAp = rng.int(12, 22);
  const slotCount = plan.slots ?? apCount * perAp;
  const table: SeatTable | undefined = plan.compact
    ? {
        visitors: slotCount,
        kinds: new Uint8Array(slotCount),
        periods: new Uint16Array(slotCount),
        offsets: new Uint16Array(slotCount),
        guests: new Uint8Array(slotCount),
        fixtures: plan.fixtures,
        overnight: plan.overnight === true,
      }
    : undefined;
  // rng.int and rng.chance spelt out with rng.next (the same numbers): a big world draws millions of these
  const next = rng.next;
  for (let k = 0; k < slotCount; k++) {
    const r = next();
    const kind: ClientKind = r < 0.3 ? 'staff' : r < 0.5 ? 'regular' : 'guest';
    const period =
      kind === 'staff' ? 3650 : kind === 'regular' ? 60 + Math.floor(next() * 121) : 1 + Math.floor(next() * 5);
    const offset = Math.floor(next() * period);
    const isGuest = kind === 'guest' || (kind === 'regular' && next() < 0.5);
    if (table) {
      table.kinds[k] = SEAT_KINDS.indexOf(kind);
      table.periods[k] = period;
      table.offsets[k] = offset;
      table.guests[k] = isGuest ? 1 : 0;
      continue;
    }
    site.slots.push({
      k,
      kind,
      period,
      offset,
      p: VISIT_P[kind],
      isGuest,
      overnight: plan.overnight === true && kind === 'guest',
    });
  }
  // Always-on devices come after the visitors and draw nothing from rng, so the rest of the world stays as it was.
  if (table) site.seats = table;
  else {
    plan.fixtures.forEach((hostname, i) => {
      site.slots.push({ k: slotCount + i, kind: 'fixture', period: 3650, offset: 0, p: 1, isGuest: false, hostname });
    });
  }
  site.lanClients = rng.int(1, 4) + Math.floor(apCount / 20);
}

/** The wifi networks, settings and vouchers of a site (after fillDevices: its wifi groups). */
export function fillConfig(site: Site, rng: Rng, plan: SitePlan, now: number): void {
  site.wlans = buildWlans(rng, site, plan.ssid, String(site.wlangroups[0]._id), now);
  site.settings = defaultSettings(rng, site, now, site.guestAuth);
  site.vouchers = buildVouchers(rng, site, now);
}

/** The clients blocked at a site. */
export function fillBlocked(site: Site, rng: Rng, now: number): void {
  const blockedCount = rng.int(1, 3);
  for (let i = 0; i < blockedCount; i++) {
    const vendor = rng.pick(VENDORS);
    const mac = vendor.prefix ? `${vendor.prefix}:${pairs(rng.hex(6))}` : randomLocalMac(rng);
    const firstSeen = Math.floor(now / 1000) - rng.int(5, 120) * 86_400;
    const user: KnownUser = {
      _id: newId(rng, firstSeen * 1000),
      mac,
      hostname: vendor.hostnames.length ? `${rng.pick(vendor.hostnames)}` : `android-${rng.hex(8)}`,
      oui: vendor.oui,
      first_seen: firstSeen,
      last_seen: firstSeen + rng.int(600, 4 * 86_400),
      is_guest: rng.chance(0.5),
      blocked: true,
    };
    if (i === 0) user.name = rng.pick(BLOCKED_NAMES);
    site.users.set(mac, user);
    site.blocked.add(mac);
  }
}

const BLOCKED_NAMES = ['Máy lạ tầng 2', 'Khách phá sóng', 'Thiết bị nghi vấn', 'Điện thoại Tuấn'];

export type Vendor = { oui: string; prefix: string; hostnames: string[] };
export const VENDORS: Vendor[] = [
  { oui: 'Apple', prefix: 'f0:18:98', hostnames: ['iPhone', 'iPad', 'MacBook-Pro', 'MacBook-Air'] },
  { oui: 'SamsungE', prefix: '5c:e9:1e', hostnames: ['Galaxy-A52', 'Galaxy-S23', 'Galaxy-Tab-S8'] },
  { oui: 'XiaomiCo', prefix: '64:cc:2e', hostnames: ['Redmi-Note-12', 'POCO-X5', 'Xiaomi-13'] },
  { oui: 'GuangdongOppo', prefix: 'a4:3e:a0', hostnames: ['OPPO-A78', 'OPPO-Reno8'] },
  { oui: 'IntelCor', prefix: '3c:a9:f4', hostnames: ['DESKTOP-KETOAN', 'LAPTOP-LETAN', 'LAPTOP-PC01'] },
  { oui: '', prefix: '', hostnames: [] },
];

export function pairs(hex: string): string {
  return hex.match(/../g)!.join(':');
}

function randomLocalMac(rng: Rng): string {
  const first = (rng.int(0, 63) << 2) | 0x02; // locally administered, unicast
  return `${first.toString(16).padStart(2, '0')}:${pairs(rng.hex(10))}`;
}

function defaultWlangroups(rng: Rng, site: Site, now: number): JsonObject[] {
  return [
    {
      _id: newId(rng, now - 400 * DAY),
      attr_hidden_id: 'Default',
      attr_no_delete: true,
      name: 'Default',
      site_id: site._id,
    },
    { _id: newId(rng, now - 400 * DAY), attr_hidden_id: 'Off', attr_no_delete: true, name: 'Off', site_id: site._id },
  ];
}

/** A wlanconf object with the controller's defaults, overridden by `fields`. */
export function wlanObject(site: Site, fields: JsonObject): JsonObject {
  const isGuest = fields.is_guest === true;
  const base: JsonObject = {
    _id: '',
    bc_filter_enabled: isGuest,
    bc_filter_list: [],
    dtim_mode: 'default',
    dtim_na: 1,
    dtim_ng: 1,
    enabled: true,
    group_rekey: 3600,
    is_guest: false,
    hide_ssid: false,
    mac_filter_enabled: false,
    mac_filter_list: [],
    mac_filter_policy: 'allow',
    minrate_na_advertising_rates: false,
    minrate_na_beacon_rate_kbps: 6000,
    minrate_na_data_rate_kbps: 6000,
    minrate_na_enabled: false,
    minrate_na_mgmt_rate_kbps: 6000,
    minrate_ng_advertising_rates: false,
    minrate_ng_beacon_rate_kbps: 1000,
    minrate_ng_data_rate_kbps: 1000,
    minrate_ng_enabled: false,
    minrate_ng_mgmt_rate_kbps: 1000,
    name: '',
    networkconf_id: isGuest ? site.guestNetworkId : site.networkId,
    no2ghz_oui: false,
    schedule: [],
    schedule_enabled: false,
    security: 'wpapsk',
    site_id: site._id,
    usergroup_id: site.usergroupId,
    vlan_enabled: false,
    vlan: '',
    wep_idx: 1,
    wlangroup_id: String(site.wlangroups[0]?._id ?? ''),
    wpa_enc: 'ccmp',
    wpa_mode: 'wpa2',
    x_iapp_key: '',
    x_passphrase: '',
  };
  return { ...base, ...fields };
}

function buildWlans(rng: Rng, site: Site, ssid: string, groupId: string, now: number): JsonObject[] {
  const id = () => newId(rng, now - 300 * DAY);
  const wlans: JsonObject[] = [
    wlanObject(site, {
      _id: id(),
      name: `${ssid}-Staff`,
      x_passphrase: `${ssid.toLowerCase()}@${rng.digits(4)}`,
      x_iapp_key: rng.hex(32),
      wlangroup_id: groupId,
    }),
    wlanObject(site, {
      _id: id(),
      name: `${ssid}-Guest`,
      is_guest: true,
      security: 'open',
      wpa_mode: 'wpa2',
      x_passphrase: '',
      x_iapp_key: rng.hex(32),
      vlan_enabled: true,
      vlan: '20',
      wlangroup_id: groupId,
    }),
  ];
  const extra = rng.int(0, 2);
  if (extra >= 1) {
    wlans.push(
      wlanObject(site, {
        _id: id(),
        name: `${ssid}-IoT`,
        x_passphrase: rng.hex(12),
        x_iapp_key: rng.hex(32),
        hide_ssid: true,
        enabled: rng.chance(0.5),
        wlangroup_id: groupId,
      }),
    );
  }
  if (extra >= 2) {
    wlans.push(
      wlanObject(site, {
        _id: id(),
        name: `${ssid}-Event`,
        x_passphrase: `event${rng.digits(6)}`,
        x_iapp_key: rng.hex(32),
        schedule_enabled: true,
        schedule: ['sat|0800-2200', 'sun|0800-2200'],
        wlangroup_id: groupId,
      }),
    );
  }
  return wlans;
}

export function defaultSettings(rng: Rng, site: Site, now: number, auth: Site['guestAuth']): JsonObject[] {
  const id = () => newId(rng, now - 400 * DAY);
  return [
    {
      _id: id(),
      site_id: site._id,
      key: 'guest_access',
      auth,
      x_password: `khach${rng.digits(4)}`,
      redirect_enabled: false,
      redirect_url: '',
      facebook_wifi_gw_name: `${site.desc} WiFi`,
      portal_enabled: auth !== 'none',
      voucher_enabled: auth === 'hotspot',
      expire: 480,
      expire_number: 8,
      expire_unit: 60,
    },
    { _id: id(), site_id: site._id, key: 'locale', timezone: TIMEZONE },
    { _id: id(), site_id: site._id, key: 'country', code: '704' },
    {
      _id: id(),
      site_id: site._id,
      key: 'mgmt',
      advanced_feature_enabled: false,
      alert_enabled: true,
      led_enabled: true,
      x_ssh_enabled: false,
      x_ssh_username: rng.lower(8),
    },
    { _id: id(), site_id: site._id, key: 'connectivity', enabled: true, uplink_type: 'gateway' },
  ];
}

export type VoucherInput = {
  note: string | null;
  quota: number;
  /** minutes */
  duration: number;
  up?: number;
  down?: number;
  bytes?: number;
};

export function voucherObject(site: Site, id: string, code: string, createTime: number, input: VoucherInput) {
  const v: JsonObject = {
    _id: id,
    admin_name: 'Admin',
    code,
    create_time: createTime,
    duration: input.duration,
    for_hotspot: false,
    note: input.note,
    qos_overwrite: false,
    quota: input.quota,
    site_id: site._id,
    status: input.quota === 1 ? 'VALID_ONE' : 'VALID_MULTI',
    status_expires: 0,
    used: 0,
  };
  if (input.up !== undefined || input.down !== undefined || input.bytes !== undefined) {
    v.qos_overwrite = true;
    if (input.down !== undefined) v.qos_rate_max_down = input.down;
    if (input.up !== undefined) v.qos_rate_max_up = input.up;
    if (input.bytes !== undefined) v.qos_usage_quota = input.bytes;
  }
  return v;
}

function buildVouchers(rng: Rng, site: Site, now: number): JsonObject[] {
  const count = rng.int(3, 8);
  const out: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    const createTime = Math.floor(now / 1000) - rng.int(1, 20) * 86_400 - rng.int(0, 86_399);
    const limited = rng.chance(0.5);
    const quota = rng.pick([0, 1, 1, 5]);
    const duration = rng.pick([60, 480, 1440, 4320]);
    const v = voucherObject(site, newId(rng, createTime * 1000), `${rng.int(1, 9)}${rng.digits(9)}`, createTime, {
      note: rng.pick([null, 'Khách phòng 201', 'Sự kiện cuối tuần', 'Hội nghị']),
      quota,
      duration,
      ...(limited ? { up: rng.pick([1024, 2048]), down: rng.pick([4096, 10240]), bytes: rng.pick([500, 1024]) } : {}),
    });
    if (quota !== 1 && rng.chance(0.5)) {
      const start = createTime + rng.int(60, 3600);
      const end = start + duration * 60;
      v.used = rng.int(1, quota === 0 ? 4 : quota - 1);
      v.status = 'USED_MULTIPLE';
      v.start_time = start;
      v.end_time = end;
      v.status_expires = Math.max(0, end - Math.floor(now / 1000));
    }
    out.push(v);
  }
  return out;
}

const BATCH_NOTES = [
  null,
  'Khách phòng',
  'Sự kiện cuối tuần',
  'Hội nghị',
  'Khách đoàn',
  'Tiệc cưới',
  'Hội thảo khách hàng',
  'Khách VIP',
  'Quầy lễ tân',
];

/**
 * Tops a site's vouchers up to `count`, as a hotspot that prints them by the thousand: in batches of one creation
 * time, note, quota and duration, over the last 60 days; older ones partly used or expired. Codes stay unique.
 */
export function topUpVouchers(site: Site, count: number, rng: Rng, now: number): void {
  const codes = new Set(site.vouchers.map((v) => String(v.code)));
  const nowS = Math.floor(now / 1000);
  while (site.vouchers.length < count) {
    const createTime = nowS - rng.int(1, 60) * 86_400 - rng.int(0, 86_399);
    const batch = Math.min(count - site.vouchers.length, rng.pick([10, 20, 50, 100, 200, 500]));
    const quota = rng.pick([1, 1, 1, 0, 2, 5]);
    const duration = rng.pick([60, 120, 480, 1440, 4320]);
    const note = rng.pick(BATCH_NOTES);
    const limits = rng.chance(0.3) ? { up: rng.pick([1024, 2048]), down: rng.pick([4096, 10240]), bytes: 1024 } : {};
    // the older the batch, the more of it has been handed out
    const usedShare = Math.min(0.9, (nowS - createTime) / (60 * 86_400));
    for (let i = 0; i < batch; i++) {
      let code = `${rng.int(1, 9)}${rng.digits(9)}`;
      while (codes.has(code)) code = `${rng.int(1, 9)}${rng.digits(9)}`;
      codes.add(code);
      const v = voucherObject(site, newId(rng, createTime * 1000), code, createTime, {
        note,
        quota,
        duration,
        ...limits,
      });
      if (rng.chance(usedShare)) {
        const start = Math.min(nowS - 60, createTime + rng.int(60, Math.max(120, nowS - createTime)));
        const end = start + duration * 60;
        v.start_time = start;
        v.end_time = end;
        v.used = quota === 1 ? 1 : rng.int(1, quota === 0 ? 4 : quota);
        v.status = quota === 1 || end <= nowS ? 'EXPIRED' : 'USED_MULTIPLE';
        v.status_expires = v.status === 'EXPIRED' ? 0 : end - nowS;
      }
      site.vouchers.push(v);
    }
  }
}
