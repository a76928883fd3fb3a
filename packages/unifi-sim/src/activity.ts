// Over 300 lines: one model, client visits as a function of time, and the reports, sessions and guests computed from it share its caches and its hash.
/**
 * Client activity as a pure function of time. Each site has client "slots"; a slot is held by one device
 * (one mac) for `period` days, then a new device takes it (new guests keep arriving). On each local day a
 * slot's device visits with probability `p` (hash of seed, site, slot, day) and stays a few hours, more
 * often between 8:00 and 22:00 Vietnam time. Nothing is stored but small caches: stat/sta, reports,
 * guests, sessions and alluser are all computed from these visits.
 */
import { hash01, hashAt, hashFold, hashHex, hashHexAt, hashInt, hashState } from './rng.ts';
import {
  type ClientSlot,
  DAY,
  type Device,
  HOUR,
  type JsonObject,
  type KnownUser,
  MINUTE,
  type Site,
  TZ_OFFSET,
  VENDORS,
  type Vendor,
} from './world.ts';

export type Session = {
  slot: ClientSlot;
  gen: number;
  day: number;
  /** 0 = first visit of the day */
  n: number;
  start: number;
  end: number;
  apPick: number;
};

export type Identity = {
  userId: string;
  mac: string;
  hostname?: string;
  name?: string;
  oui: string;
  /** seconds */
  firstSeen: number;
  ip: string;
  radio: 'ng' | 'na';
  /** average received bytes per second while online */
  rate: number;
  isGuest: boolean;
  devCat: number;
  osName: number;
};

export type Online = { session: Session; ident: Identity; ap: Device };

export const localDay = (t: number): number => Math.floor((t + TZ_OFFSET) / DAY);
export const dayStart = (day: number): number => day * DAY - TZ_OFFSET;

// Caches keyed by each world's own site objects: two simulators in one process never share an entry.
const sessionCache = new WeakMap<Site, Map<number, Session[]>>();
const identityCache = new WeakMap<Site, Map<number, Identity>>();

/** The hash state of (seed, site, slot, day): every number of that slot's day is this state and a salt. */
const slotDayState = (site: Site, slot: ClientSlot, day: number) =>
  hashFold(hashState(site.seed, site.index, slot.k), day);

function visits(site: Site, slot: ClientSlot, day: number): boolean {
  return visitsAt(slot, day, slotDayState(site, slot, day));
}

function visitsAt(slot: ClientSlot, day: number, state: number): boolean {
  if (slot.kind === 'fixture') return true;
  const dow = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const weekend = dow === 0 || dow === 6;
  const factor = slot.kind === 'staff' ? (weekend ? 0.3 : 1) : weekend ? 1.3 : 1;
  return hashAt(state, 11) < Math.min(0.95, slot.p * factor);
}

export function generation(slot: ClientSlot, day: number): number {
  return Math.floor((day + slot.offset) / slot.period);
}

/**
 * When a hotel guest who stays the night of `day` leaves the next morning, or undefined when the slot's visit of
 * that day is not a night (or there is none).
 */
function nightEnd(slot: ClientSlot, day: number, state: number): number | undefined {
  if (!slot.overnight || !visitsAt(slot, day, state)) return undefined;
  if (hashAt(state, 9) >= 0.3) return undefined;
  return dayStart(day) + DAY + (7 + hashAt(state, 2) * 4) * HOUR;
}

/**
 * The visits of a slot on a day, written to `out` as (start, end, apPick) triples: 0, 1 or 2 visits (a second one
 * later the same day). `slotState` is hashState(seed, site index, slot). Both the sessions (sessionsOfDay) and the
 * compact count (onlineSummary) come from here, so they cannot disagree.
 */
export function visitTimes(slot: ClientSlot, day: number, slotState: number, out: Float64Array): number {
  const state = hashFold(slotState, day);
  if (!visitsAt(slot, day, state)) return 0;
  const midnight = dayStart(day);
  let start: number;
  let length: number;
  const tonight = slot.overnight ? nightEnd(slot, day, state) : undefined;
  if (slot.kind === 'fixture') {
    // online all day; it reconnects once a night, at the same minute, so one day's session meets the next
    start = midnight + 2 * HOUR + hashAt(slotState, 12) * 3 * HOUR;
    length = DAY;
  } else if (slot.kind === 'staff') {
    start = midnight + 7 * HOUR + hashAt(state, 1) * 2 * HOUR;
    length = 7 * HOUR + hashAt(state, 2) * 3 * HOUR;
  } else if (tonight !== undefined) {
    // a hotel guest who stays the night: in from the late afternoon, out in the morning
    start = midnight + (17 + hashAt(state, 1) * 5) * HOUR;
    length = tonight - start;
  } else {
    start = midnight + (7.5 + 14 * ((hashAt(state, 1) + hashAt(state, 3)) / 2)) * HOUR;
    const h2 = hashAt(state, 2);
    length = slot.kind === 'guest' ? 15 * MINUTE + h2 ** 2 * 5 * HOUR : 20 * MINUTE + h2 * 160 * MINUTE;
    // a guest still in from last night comes back after leaving, not before
    const lastNight = slot.overnight ? nightEnd(slot, day - 1, hashFold(slotState, day - 1)) : undefined;
    if (lastNight !== undefined && start < lastNight + 30 * MINUTE) {
      start = lastNight + 30 * MINUTE;
      if (start + length > midnight + 23 * HOUR) return 0;
    }
  }
  start = Math.floor(start / 1000) * 1000;
  length = Math.floor(length / 1000) * 1000;
  out[0] = start;
  out[1] = start + length;
  out[2] = hashAt(state, 4);
  if (
    (slot.kind === 'regular' || slot.kind === 'guest') &&
    start + length < midnight + DAY &&
    hashAt(state, 5) < 0.25
  ) {
    const start2 = start + length + Math.floor(30 * MINUTE + hashAt(state, 6) * 150 * MINUTE);
    if (start2 < midnight + 23 * HOUR) {
      const length2 = Math.floor((10 * MINUTE + hashAt(state, 7) * 90 * MINUTE) / 1000) * 1000;
      const s2 = Math.floor(start2 / 1000) * 1000;
      out[3] = s2;
      out[4] = s2 + length2;
      out[5] = hashAt(state, 8);
      return 2;
    }
  }
  return 1;
}

export function sessionsOfDay(site: Site, day: number): Session[] {
  let cache = sessionCache.get(site);
  if (!cache) {
    cache = new Map();
    sessionCache.set(site, cache);
  }
  const hit = cache.get(day);
  if (hit) return hit;
  const out: Session[] = [];
  const siteState = hashState(site.seed, site.index);
  const times = new Float64Array(6);
  for (const slot of site.slots) {
    const visits = visitTimes(slot, day, hashFold(siteState, slot.k), times);
    if (visits === 0) continue;
    const gen = generation(slot, day);
    for (let n = 0; n < visits; n++) {
      out.push({ slot, gen, day, n, start: times[3 * n], end: times[3 * n + 1], apPick: times[3 * n + 2] });
    }
  }
  out.sort((a, b) => a.start - b.start || a.slot.k - b.slot.k);
  if (cache.size > 4000) cache.clear();
  cache.set(day, out);
  return out;
}

const ALIASES = [
  'Điện thoại Lan',
  'Laptop kế toán',
  'Máy POS quầy 1',
  'iPad lễ tân',
  'Điện thoại quản lý',
  'Laptop thu ngân',
  'Máy tính bảng bếp',
];

/** Makers of always-on devices, by the device's host name. */
function fixtureVendor(hostname: string): Vendor {
  if (hostname.startsWith('Camera')) return CAMERA;
  if (hostname.startsWith('SmartTV')) return SMART_TV;
  if (hostname.startsWith('POS')) return POS;
  return PRINTER;
}
const CAMERA: Vendor = { oui: 'Hangzhou', prefix: 'bc:ad:28', hostnames: [] };
const SMART_TV: Vendor = { oui: 'SamsungE', prefix: '8c:79:f5', hostnames: [] };
const POS: Vendor = { oui: 'Sunmi', prefix: '80:5e:0c', hostnames: [] };
const PRINTER: Vendor = { oui: 'HewlettP', prefix: '3c:52:82', hostnames: [] };

export function identity(site: Site, slot: ClientSlot, gen: number): Identity {
  let cache = identityCache.get(site);
  if (!cache) {
    cache = new Map();
    identityCache.set(site, cache);
  }
  // a number for a key: the slot and its generation (below 2^21 days), cheaper to hash than a string
  const key = slot.k * 2_097_152 + gen;
  const hit = cache.get(key);
  if (hit) return hit;
  const state = identityState(site, slot, gen);
  const vendor = vendorOf(slot, state);
  const tail = hashHexAt(6, hashFold(state, 2));
  const mac = macOf(vendor, tail, state);
  let hostname: string | undefined;
  if (slot.hostname) hostname = slot.hostname;
  else if (vendor.hostnames.length) {
    if (hashAt(state, 5) < 0.85) hostname = vendor.hostnames[Math.floor(hashAt(state, 6) * vendor.hostnames.length)];
  } else if (hashAt(state, 5) < 0.5) hostname = `android-${tail}${hashHex(2, site.seed, slot.k, gen)}`;
  const name =
    slot.kind === 'staff' && hashAt(state, 7) < 0.4
      ? ALIASES[Math.floor(hashAt(state, 8) * ALIASES.length)]
      : undefined;
  const genStartDay = gen * slot.period - slot.offset;
  const ident: Identity = {
    userId: hashHexAt(24, hashFold(state, 9)),
    mac,
    hostname,
    name,
    oui: vendor.oui,
    firstSeen: Math.floor((dayStart(genStartDay) + 8 * HOUR) / 1000),
    ip: clientIp(site, slot, gen),
    radio: hashAt(state, 10) < 0.65 ? 'na' : 'ng',
    rate: rateOf(state),
    isGuest: slot.isGuest,
    devCat: vendor.oui === 'IntelCor' ? 1 : 6,
    osName: vendor.oui === 'Apple' ? 24 : vendor.oui === 'IntelCor' ? 1 : 56,
  };
  cache.set(key, ident);
  return ident;
}

/** The hash state of a slot's device of one generation: its mac, name and rate are this state and a salt. */
const identityState = (site: Site, slot: ClientSlot, gen: number) =>
  hashFold(hashState(site.seed, site.index, slot.k), gen + 100_000);

export function vendorOf(slot: ClientSlot, state: number): Vendor {
  return slot.hostname ? fixtureVendor(slot.hostname) : VENDORS[Math.floor(hashAt(state, 1) * VENDORS.length)];
}

function macOf(vendor: Vendor, tail: string, state: number): string {
  if (vendor.prefix) return `${vendor.prefix}:${colons(tail)}`;
  const first = (Math.floor(hashAt(state, 3) * 64) << 2) | 0x02;
  return `${first.toString(16).padStart(2, '0')}:${colons(hashHexAt(10, hashFold(state, 4)))}`;
}

/** average received bytes per second of a device while online */
export const rateOf = (state: number) => Math.round(2_000 * 75 ** hashAt(state, 11));

/** "a1b2c3" → "a1:b2:c3" */
function colons(hex: string): string {
  let out = hex.slice(0, 2);
  for (let i = 2; i < hex.length; i += 2) out += `:${hex.slice(i, i + 2)}`;
  return out;
}

/**
 * A client's address: on the demo's /24s one of 230 (guests on their own /24), on a wide site one of 25,000 per
 * network, so that thousands of clients online at once rarely share one.
 */
function clientIp(site: Site, slot: ClientSlot, gen: number): string {
  if (!site.wide) {
    const ipHost = 20 + ((slot.k * 7 + gen) % 230);
    return slot.isGuest ? `10.${site.subnet}.20.${ipHost}` : `192.168.${site.subnet}.${ipHost}`;
  }
  const x = (slot.k + gen * 7_919) % 25_000;
  return `10.${site.subnet}.${(slot.isGuest ? 128 : 16) + Math.floor(x / 250)}.${2 + (x % 250)}`;
}

export function isUp(device: Device, t: number): boolean {
  return device.downSince === null || t < device.downSince;
}

/** The AP a client uses at t: its preferred AP, or the next connected one (clients roam away from dead APs). */
export function effectiveAp(site: Site, pick: number, t: number): Device | null {
  const n = site.devices.length;
  if (n === 0) return null;
  const first = Math.floor(pick * n);
  for (let i = 0; i < n; i++) {
    const d = site.devices[(first + i) % n];
    if (isUp(d, t)) return d;
  }
  return null;
}

/** Wireless clients online at t (blocked clients are never online; kicked ones are away for a minute). */
export function onlineAt(site: Site, t: number): Online[] {
  const day = localDay(t);
  const out: Online[] = [];
  const seen = new Set<string>();
  for (const d of [day - 1, day]) {
    for (const session of sessionsOfDay(site, d)) {
      if (session.start > t) break; // a day's sessions come by start time
      if (session.end <= t) continue;
      const ident = identity(site, session.slot, session.gen);
      if (site.blocked.has(ident.mac) || seen.has(ident.mac)) continue;
      const kickedAt = site.kicked.get(ident.mac);
      if (kickedAt !== undefined && t >= kickedAt && t < kickedAt + MINUTE) continue;
      const ap = effectiveAp(site, session.apPick, t);
      if (!ap) continue;
      seen.add(ident.mac);
      out.push({ session, ident, ap });
    }
  }
  return out;
}

/** Receive rate (bytes/s) of a client during minute m, varying minute to minute. */
export function rxRate(site: Site, o: { session: Session; ident: Identity }, t: number): number {
  return rates(site, o, t).rx;
}

export function txRate(site: Site, o: { session: Session; ident: Identity }, t: number): number {
  return rates(site, o, t).tx;
}

/** Both rates of a client during minute m (bytes/s): the hot loops (health, devices, reports) ask for both at once. */
export function rates(site: Site, o: { session: Session; ident: Identity }, t: number): { rx: number; tx: number } {
  return ratesAt(o.ident.rate, hashState(site.seed, site.index, o.session.slot.k), t);
}

/** The rates of a device of average `rate` in slot `slotState` (hashState(seed, site index, slot)) at t. */
function ratesAt(rate: number, slotState: number, t: number): { rx: number; tx: number } {
  const state = hashFold(slotState, Math.floor(t / MINUTE));
  const rx = Math.round(rate * (0.3 + 1.4 * hashAt(state, 21)));
  return { rx, tx: Math.round(rx * (0.1 + 0.3 * hashAt(state, 22))) };
}

/** Bytes received by the client during its session up to t. */
export function sessionBytes(o: { session: Session; ident: Identity }, t: number): { rx: number; tx: number } {
  const seconds = Math.max(0, (Math.min(t, o.session.end) - o.session.start) / 1000);
  const rx = Math.round(o.ident.rate * seconds);
  return { rx, tx: Math.round(rx * 0.25) };
}

export function essidFor(site: Site, isGuest: boolean): string {
  const enabled = site.wlans.filter((w) => w.enabled !== false);
  const match = enabled.find((w) => (w.is_guest === true) === isGuest) ?? enabled[0] ?? site.wlans[0];
  return String(match?.name ?? '');
}

/** A stat/sta entry, with the fields of a real controller's wireless client. */
export function staObject(site: Site, o: Online, t: number): JsonObject {
  const { session, ident, ap } = o;
  const nowS = Math.floor(t / 1000);
  const assoc = Math.floor(session.start / 1000);
  const uptime = nowS - assoc;
  const bytes = sessionBytes(o, t);
  const { rx, tx } = rates(site, o, t);
  const h = (salt: number) => hash01(site.seed, site.index, session.slot.k, Math.floor(t / MINUTE), salt);
  const signal = -45 - Math.floor(hash01(site.seed, site.index, session.slot.k, session.gen, 31) * 35);
  const na = ident.radio === 'na';
  const wlan = site.wlans.find((w) => w.name === essidFor(site, ident.isGuest));
  const user = site.users.get(ident.mac);
  const sta: JsonObject = {
    _id: ident.userId,
    _is_guest_by_uap: ident.isGuest,
    _is_guest_by_ugw: false,
    _is_guest_by_usw: false,
    _last_seen_by_uap: nowS,
    _last_seen_by_ugw: nowS,
    _last_seen_by_usw: nowS,
    _uptime_by_uap: uptime,
    _uptime_by_ugw: uptime,
    _uptime_by_usw: uptime,
    anomalies: 0,
    ap_mac: ap.mac,
    assoc_time: assoc,
    authorized: true,
    blocked: false,
    bssid: ap.mac,
    'bytes-r': rx + tx,
    ccq: 300 + Math.floor(h(32) * 700),
    channel: na ? ap.channelNa : ap.channelNg,
    dev_cat: ident.devCat,
    dev_family: ident.devCat === 1 ? 1 : 3,
    dev_id: 100 + Math.floor(hash01(site.seed, session.slot.k, session.gen, 33) * 900),
    dev_vendor: ident.oui === 'Apple' ? 11 : 4,
    dhcpend_time: 2000 + Math.floor(hash01(site.seed, session.slot.k, 34) * 4000),
    essid: essidFor(site, ident.isGuest),
    first_seen: ident.firstSeen,
    gw_mac: site.gatewayMac,
    idletime: Math.floor(h(35) * 30),
    ip: ident.ip,
    is_11r: false,
    is_guest: ident.isGuest,
    is_wired: false,
    last_seen: nowS,
    latest_assoc_time: assoc,
    mac: ident.mac,
    network: ident.isGuest ? 'Guest' : 'LAN',
    network_id: ident.isGuest ? site.guestNetworkId : site.networkId,
    noise: -100 - Math.floor(h(36) * 8),
    os_class: ident.devCat === 1 ? 15 : 16,
    os_name: ident.osName,
    oui: ident.oui,
    powersave_enabled: false,
    qos_policy_applied: true,
    radio: ident.radio,
    radio_name: na ? 'wifi1' : 'wifi0',
    radio_proto: na ? 'ac' : 'ng',
    rssi: signal + 96,
    rx_bytes: bytes.rx,
    'rx_bytes-r': rx,
    rx_packets: Math.floor(bytes.rx / 900),
    rx_rate: na ? 866_700 : 144_400,
    satisfaction: Math.min(100, 70 + Math.floor(h(37) * 31)),
    signal,
    site_id: site._id,
    sw_depth: 1,
    sw_mac: site.gatewayMac,
    sw_port: 1 + ap.index,
    tx_bytes: bytes.tx,
    'tx_bytes-r': tx,
    tx_packets: Math.floor(bytes.tx / 700),
    tx_power: na ? 34 : 30,
    tx_rate: na ? 433_300 : 72_200,
    tx_retries: Math.floor(bytes.tx / 7000),
    uptime,
    use_fixedip: false,
    user_id: ident.userId,
    usergroup_id: String(wlan?.usergroup_id ?? ''),
    vlan: ident.isGuest ? 20 : 0,
    wifi_tx_attempts: Math.floor(bytes.tx / 650),
  };
  // optional attributes: present only when they apply, as on a real controller
  const hostname = user?.hostname ?? ident.hostname;
  if (hostname !== undefined) sta.hostname = hostname;
  const name = user?.name ?? ident.name;
  if (name !== undefined) {
    sta.name = name;
    sta.noted = true;
  }
  if (session.slot.kind === 'staff' && session.slot.k % 5 === 0) {
    sta.fixed_ip = ident.ip;
    sta.use_fixedip = true;
  }
  if (ident.devCat === 6 && session.slot.k % 3 === 0) {
    sta.device_name = hostname ?? 'Smartphone';
    sta.dev_id_override = 4;
    sta.fingerprint_override = true;
  }
  return sta;
}

/** All sessions (any day) overlapping [from, to] that started by `now`. */
export function sessionsBetween(site: Site, from: number, to: number, now: number): Session[] {
  const out: Session[] = [];
  const last = localDay(Math.min(to, now));
  for (let d = localDay(from) - 1; d <= last; d++) {
    for (const s of sessionsOfDay(site, d)) {
      if (s.start <= now && s.start <= to && s.end >= from) out.push(s);
    }
  }
  return out;
}

export function isReturning(site: Site, session: Session): boolean {
  if (session.n > 0) return true;
  const { slot, gen } = session;
  const genStart = gen * slot.period - slot.offset;
  for (let d = session.day - 1; d >= Math.max(genStart, session.day - 30); d--) {
    if (visits(site, slot, d)) return true;
  }
  return false;
}

/** stat/guest entries for guest sessions that started in [from, to] (ms). */
export function guests(site: Site, from: number, to: number, now: number): JsonObject[] {
  const out: JsonObject[] = [];
  const nowS = Math.floor(now / 1000);
  for (const session of sessionsBetween(site, from, to, now)) {
    if (!session.slot.isGuest || session.start < from) continue;
    const ap = effectiveAp(site, session.apPick, session.start);
    if (!ap) continue;
    const ident = identity(site, session.slot, session.gen);
    const h = (salt: number) => hash01(site.seed, site.index, session.slot.k, Math.floor(session.start / MINUTE), salt);
    const byVoucher = site.guestAuth === 'hotspot' && h(41) < 0.8;
    const authorizedBy = site.guestAuth === 'hotspot' ? (byVoucher ? 'voucher' : 'none') : site.guestAuth;
    const minutes = [60, 120, 480, 1440][Math.floor(h(42) * 4)];
    const start = Math.floor(session.start / 1000);
    const end = start + minutes * 60;
    const bytes = sessionBytes({ session, ident }, now);
    const g: JsonObject = {
      _id: hashHex(24, site.seed, site.index, session.slot.k, session.start / 1000, 43),
      mac: ident.mac,
      ap_mac: ap.mac,
      start,
      end,
      duration: end - start,
      authorized_by: authorizedBy,
    };
    if (byVoucher) g.voucher_code = String(hashInt(1_000_000_000, 9_999_999_999, site.seed, session.start, 44));
    Object.assign(g, { is_returning: isReturning(site, session), tx_bytes: bytes.tx, rx_bytes: bytes.rx });
    g.expired = end < nowS;
    out.push(g);
  }
  return out;
}

/** stat/session entries: finished sessions overlapping [from, to] (ms). */
export function sessionRecords(
  site: Site,
  from: number,
  to: number,
  now: number,
  type: string,
  mac: string | undefined,
): JsonObject[] {
  const out: JsonObject[] = [];
  for (const session of sessionsBetween(site, from, to, now)) {
    if (session.end > now) continue;
    if (type === 'guest' && !session.slot.isGuest) continue;
    if (type === 'user' && session.slot.isGuest) continue;
    const ident = identity(site, session.slot, session.gen);
    if (mac && ident.mac !== mac) continue;
    const ap = effectiveAp(site, session.apPick, session.start);
    if (!ap) continue;
    const bytes = sessionBytes({ session, ident }, now);
    const rec: JsonObject = {
      _id: hashHex(24, site.seed, site.index, session.slot.k, session.start / 1000, 51),
      mac: ident.mac,
      user_id: ident.userId,
      site_id: site._id,
      assoc_time: Math.floor(session.start / 1000),
      disassoc_time: Math.floor(session.end / 1000),
      duration: Math.floor((session.end - session.start) / 1000),
      ap_mac: ap.mac,
      essid: essidFor(site, ident.isGuest),
      radio: ident.radio,
      ip: ident.ip,
      is_guest: ident.isGuest,
      is_wired: false,
      roam_count: 0,
      tx_bytes: bytes.tx,
      rx_bytes: bytes.rx,
    };
    if (ident.hostname !== undefined) rec.hostname = ident.hostname;
    if (ident.name !== undefined) rec.name = ident.name;
    out.push(rec);
  }
  return out;
}

/** Find the identity behind a mac among the sessions of the last `days` days. */
export function findIdentity(site: Site, mac: string, now: number, days = 60): Identity | null {
  for (let d = localDay(now); d > localDay(now) - days; d--) {
    for (const s of sessionsOfDay(site, d)) {
      if (s.start > now) continue;
      const ident = identity(site, s.slot, s.gen);
      if (ident.mac === mac) return ident;
    }
  }
  return null;
}

/** stat/alluser: clients seen within the last `withinHours`, merged with the known users (blocked list). */
export function allUsers(site: Site, withinHours: number, now: number, type: string): JsonObject[] {
  const byMac = new Map<string, JsonObject>();
  if (type !== 'blocked') {
    const from = now - withinHours * HOUR;
    for (const session of sessionsBetween(site, from, now, now)) {
      const ident = identity(site, session.slot, session.gen);
      const bytes = sessionBytes({ session, ident }, now);
      const lastSeen = Math.floor(Math.min(session.end, now) / 1000);
      const seconds = Math.floor((Math.min(session.end, now) - session.start) / 1000);
      const prev = byMac.get(ident.mac);
      if (prev) {
        prev.last_seen = Math.max(Number(prev.last_seen), lastSeen);
        prev.tx_bytes = Number(prev.tx_bytes) + bytes.tx;
        prev.rx_bytes = Number(prev.rx_bytes) + bytes.rx;
        prev.duration = Number(prev.duration) + seconds;
        continue;
      }
      const rec: JsonObject = {
        _id: ident.userId,
        mac: ident.mac,
        site_id: site._id,
        oui: ident.oui,
        is_guest: ident.isGuest,
        is_wired: false,
        first_seen: ident.firstSeen,
        last_seen: lastSeen,
        usergroup_id: '',
        duration: seconds,
        tx_bytes: bytes.tx,
        rx_bytes: bytes.rx,
      };
      if (ident.hostname !== undefined) rec.hostname = ident.hostname;
      if (ident.name !== undefined) {
        rec.name = ident.name;
        rec.noted = true;
      }
      byMac.set(ident.mac, rec);
    }
  }
  for (const user of site.users.values()) {
    if (type === 'blocked' && user.blocked !== true) continue;
    const rec = byMac.get(user.mac) ?? knownUserRecord(site, user);
    if (user.hostname !== undefined) rec.hostname = user.hostname;
    if (user.name !== undefined) {
      rec.name = user.name;
      rec.noted = true;
    }
    if (user.blocked !== undefined) rec.blocked = user.blocked;
    if (type !== 'blocked' && !byMac.has(user.mac) && user.last_seen * 1000 < now - withinHours * HOUR) continue;
    byMac.set(user.mac, rec);
  }
  return [...byMac.values()];
}

function knownUserRecord(site: Site, user: KnownUser): JsonObject {
  return {
    _id: user._id,
    mac: user.mac,
    site_id: site._id,
    oui: user.oui,
    is_guest: user.is_guest,
    is_wired: false,
    first_seen: user.first_seen,
    last_seen: user.last_seen,
    usergroup_id: '',
    duration: Math.max(0, user.last_seen - user.first_seen),
    tx_bytes: 0,
    rx_bytes: 0,
  };
}
