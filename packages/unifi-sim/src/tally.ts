/**
 * Counting who is online without listing them: a generated site's health (stat/sites, stat/health) comes from its
 * compact seats (world.ts SeatTable) and a day's visits packed in one array of numbers, with the same visits
 * (activity.ts visitTimes), the same macs and rates and the same rules as onlineAt. A world of thousands of sites
 * thus answers stat/sites without a session or an identity object; a site whose clients were listed (its `slots`
 * made) is counted from onlineAt itself.
 */
import { dayStart, generation, isUp, localDay, onlineAt, rateOf, rates, vendorOf, visitTimes } from './activity.ts';
import { hashAt, hashFold, hashState, hashWordAt } from './rng.ts';
import {
  type ClientSlot,
  hasSlots,
  MINUTE,
  type SeatTable,
  type Site,
  seatCount,
  seatInto,
  type Vendor,
} from './world.ts';

/** How many wireless clients are online at t, how many of them guests, and their rates together (bytes/s). */
export type OnlineSummary = { count: number; guests: number; rx: number; tx: number };

/**
 * onlineAt's clients counted, as health needs them. A generated site whose client objects were never asked for is
 * counted from its compact seats, in the same order and with the same rules as onlineAt (blocked, kicked, one mac
 * once, no client without a working access point), without making a session or an identity: a world of thousands
 * of sites answers stat/sites without holding their clients in memory.
 */
export function onlineSummary(site: Site, t: number): OnlineSummary {
  const table = site.seats;
  if (!table || hasSlots(site)) {
    const sum: OnlineSummary = { count: 0, guests: 0, rx: 0, tx: 0 };
    for (const o of onlineAt(site, t)) {
      const r = rates(site, o, t);
      sum.count++;
      if (o.ident.isGuest) sum.guests++;
      sum.rx += r.rx;
      sum.tx += r.tx;
    }
    return sum;
  }
  const sum: OnlineSummary = { count: 0, guests: 0, rx: 0, tx: 0 };
  if (!site.devices.some((d) => isUp(d, t))) return sum;
  const day = localDay(t);
  const siteState = hashState(site.seed, site.index);
  // a site blocks a few clients and kicks fewer: short lists, quicker to look through than a set of 48-bit numbers
  const blocked = [...site.blocked].map(macNumber);
  const kicked = [...site.kicked].filter(([, at]) => t >= at && t < at + MINUTE).map(([mac]) => macNumber(mac));
  const minute = Math.floor(t / MINUTE);
  // of the day before, only the visits still running at midnight can be online now
  const days = [dayVisits(site, table, day - 1, siteState, true), dayVisits(site, table, day, siteState, false)];
  // One mac counts once, as the first of its sessions in onlineAt's order (day, start, seat). Two devices' macs meet
  // rarely (`shared`); then the earlier session takes the place of the later one. `counted`: mac -> day (0, 1) *
  // 2^30 + row, for the shared macs only.
  const shared = sharedMacs(site, day, days);
  const counted = new Map<number, number>();
  const add = (which: number, row: number, sign: number) => {
    const v = days[which];
    const o = row * VISIT_FIELDS;
    const k = Math.floor(v[o + 2] / 2);
    const state = hashFold(hashFold(siteState, k), minute);
    // as `rates` makes them: the device's average, varied by minute
    const rx = Math.round(v[o + 4] * (0.3 + 1.4 * hashAt(state, 21)));
    const tx = Math.round(rx * (0.1 + 0.3 * hashAt(state, 22)));
    sum.count += sign;
    if (v[o + 2] % 2 === 1) sum.guests += sign;
    sum.rx += sign * rx;
    sum.tx += sign * tx;
  };
  for (let which = 0; which < 2; which++) {
    const v = days[which];
    for (let o = 0; o < v.length; o += VISIT_FIELDS) {
      if (v[o] > t || v[o + 1] <= t) continue;
      const mac = v[o + 3];
      if (blocked.includes(mac) || (kicked.length > 0 && kicked.includes(mac))) continue;
      const row = o / VISIT_FIELDS;
      if (shared.size === 0 || !shared.has(mac)) {
        add(which, row, 1);
        continue;
      }
      const before = counted.get(mac);
      if (before !== undefined) {
        const bw = Math.floor(before / 2 ** 30);
        const bo = (before % 2 ** 30) * VISIT_FIELDS;
        const b = days[bw];
        const earlier = bw < which || (bw === which && (b[bo] < v[o] || (b[bo] === v[o] && b[bo + 2] < v[o + 2])));
        if (earlier) continue;
        add(bw, before % 2 ** 30, -1);
      }
      counted.set(mac, which * 2 ** 30 + row);
      add(which, row, 1);
    }
  }
  return sum;
}

const sharedCache = new WeakMap<Site, { day: number; shared: Set<number> }>();

/**
 * The macs that devices of two different seats have among the visits that can be online on `day` (the day's and
 * the day before's spill), found once a day: only they need one mac to be counted once.
 */
function sharedMacs(site: Site, day: number, days: Float64Array[]): Set<number> {
  const hit = sharedCache.get(site);
  if (hit?.day === day) return hit.shared;
  const seatOf = new Map<number, number>();
  const shared = new Set<number>();
  for (const v of days) {
    for (let o = 0; o < v.length; o += VISIT_FIELDS) {
      const seat = Math.floor(v[o + 2] / 2);
      const other = seatOf.get(v[o + 3]);
      if (other === undefined) seatOf.set(v[o + 3], seat);
      else if (other !== seat) shared.add(v[o + 3]);
    }
  }
  sharedCache.set(site, { day, shared });
  return shared;
}

/**
 * A generated site's visits of one day, packed in one array, VISIT_FIELDS numbers a visit: start, end, seat * 2 +
 * (1 for a guest), the device's mac (a 48-bit number), its average rate.
 */
const VISIT_FIELDS = 5;

const dayVisitCache = new WeakMap<Site, Map<number, Float64Array>>();

/**
 * The visits of a day of a site's compact seats, made once a day (the last few days kept); `spill`: only those that
 * end after the day's midnight (all that the next day needs of it).
 */
function dayVisits(site: Site, table: SeatTable, day: number, siteState: number, spill: boolean): Float64Array {
  let cache = dayVisitCache.get(site);
  if (!cache) {
    cache = new Map();
    dayVisitCache.set(site, cache);
  }
  // a whole day serves as its own spill; a spill is kept under the day's negative number
  const hit = cache.get(day) ?? (spill ? cache.get(-day) : undefined);
  if (hit) return hit;
  const midnight = dayStart(day + 1);
  const seats = seatCount(table);
  // written to a scratch array of the longest a day can be, then copied at its length
  const scratch = new Float64Array(2 * seats * VISIT_FIELDS);
  let n = 0;
  const times = new Float64Array(6);
  const slot: ClientSlot = { k: 0, kind: 'staff', period: 1, offset: 0, p: 1, isGuest: false };
  for (let k = 0; k < seats; k++) {
    seatInto(table, k, slot); // one object for every seat: nothing to collect afterwards
    const slotState = hashFold(siteState, k);
    const visits = visitTimes(slot, day, slotState, times);
    if (visits === 0 || (spill && times[3 * visits - 2] <= midnight)) continue;
    const state = hashFold(slotState, generation(slot, day) + 100_000);
    const mac = macNumberOf(vendorOf(slot, state), state);
    const rate = rateOf(state);
    for (let v = 0; v < visits; v++) {
      if (spill && times[3 * v + 1] <= midnight) continue;
      scratch[n++] = times[3 * v];
      scratch[n++] = times[3 * v + 1];
      scratch[n++] = k * 2 + (slot.isGuest ? 1 : 0);
      scratch[n++] = mac;
      scratch[n++] = rate;
    }
  }
  const out = scratch.slice(0, n);
  if (cache.size >= 4) cache.delete([...cache.keys()].sort((a, b) => Math.abs(a) - Math.abs(b))[0]);
  cache.set(spill ? -day : day, out);
  return out;
}

/** A mac "aa:bb:cc:dd:ee:ff" as the number it spells (48 bits: exact in a double). */
function macNumber(mac: string): number {
  return Number.parseInt(mac.replaceAll(':', ''), 16);
}

/** The vendors' prefixes as numbers: a constant table, filled on first use, the same for every simulator. */
const prefixNumbers = new Map<string, number>();

/** macOf as a number, without making the string: the same hash words, read as bits. */
function macNumberOf(vendor: Vendor, state: number): number {
  if (vendor.prefix) {
    let prefix = prefixNumbers.get(vendor.prefix);
    if (prefix === undefined) {
      prefix = macNumber(vendor.prefix);
      prefixNumbers.set(vendor.prefix, prefix);
    }
    return prefix * 16_777_216 + (hashWordAt(hashFold(state, 2), 0) >>> 8);
  }
  const first = (Math.floor(hashAt(state, 3) * 64) << 2) | 0x02;
  const words = hashFold(state, 4);
  return first * 2 ** 40 + hashWordAt(words, 0) * 256 + (hashWordAt(words, 1) >>> 24);
}
