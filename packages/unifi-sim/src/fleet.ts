// Over 300 lines: the generated world in one place: the spread of its sites' sizes, the draw of each site's names and shape, and the accessors that make a site's parts on first read.
/**
 * A generated world of an operator's size (startSimulator's `sites`): `default` (the demo's own), then generated
 * sites of realistic sizes and Vietnamese names. Each site's names and size are drawn at once from a generator of its
 * own (seed, index); its access points, clients, networks and vouchers only when something first reads them, so a
 * world of thousands of sites is made in milliseconds and a site nobody asks for costs a few hundred bytes.
 */
import { bigHotel, fixturesOf, ssidOf, type Venue, type VenueKind, venue } from './names.ts';
import { createRng, hash01, hashHex, type Rng } from './rng.ts';
import {
  createWorld,
  DAY,
  emptyParts,
  fillBlocked,
  fillConfig,
  fillDevices,
  newId,
  pairs,
  type Site,
  type SitePlan,
  seatAt,
  seatCount,
  topUpVouchers,
  UBNT_OUIS,
  type World,
  type WorldOptions,
  wanIpOf,
} from './world.ts';

/** The sizes a generated site can have: after the two big ones (see shapeOf), a few huge, some large, most small. */
type Size = 'small' | 'large' | 'huge' | 'empty';

type Shape = { size: Size; venue: Venue; aps: number; outage: SitePlan['outage']; slots?: number; extraDown?: number };

/** Small venues: kind, weight, access points. */
const SMALL: [VenueKind, number, [number, number]][] = [
  ['cafe', 16, [2, 5]],
  ['restaurant', 11, [2, 7]],
  ['shop', 9, [2, 6]],
  ['hotel', 11, [8, 15]],
  ['school', 11, [6, 15]],
  ['office', 10, [4, 14]],
  ['clinic', 6, [4, 12]],
  ['homestay', 5, [2, 4]],
  ['leisure', 7, [3, 9]],
  ['language', 4, [4, 10]],
  ['bank', 4, [3, 8]],
  ['warehouse', 6, [2, 10]],
];
const LARGE: VenueKind[] = [
  'hotel',
  'hotel',
  'school',
  'hospital',
  'office',
  'mall',
  'resort',
  'warehouse',
  'university',
];
const HUGE: VenueKind[] = ['hotel', 'university', 'mall', 'hospital', 'convention', 'airport', 'resort'];
/** Where crowds are: the site with thousands of clients at once. */
const CROWD: VenueKind[] = ['university', 'mall', 'convention', 'airport'];

/**
 * Share of a site's client seats taken at 10:00 on a weekday (the activity model's staff, regulars and guests,
 * measured on the big sites): a big site gets the seats that give it the crowd it is meant to have.
 */
const DAYTIME_SHARE = 0.28;

/** Guests who stay the night, and how guests get in, by kind of venue. */
const OVERNIGHT = new Set<VenueKind>(['hotel', 'resort', 'homestay', 'hospital']);
const NO_PORTAL = new Set<VenueKind>(['school', 'office', 'bank', 'warehouse', 'clinic']);
const PASSWORD = new Set<VenueKind>(['restaurant', 'leisure', 'homestay', 'language']);

const seedOf = (world: World, index: number, salt: number) =>
  Math.floor(hash01(world.seed, index, salt) * 4294967296) >>> 0;

/**
 * The shape of the site at `index`: sizes and faults are drawn, except for the first few, which a world of eight
 * sites or more always has: a hotel of 150 access points (about 2,000 clients in the daytime, the vouchers), a crowd
 * of about 5,000 clients, a site with some access points down, one with all down, one being installed.
 */
function shapeOf(rng: Rng, index: number): Shape {
  if (index === 1) return { size: 'huge', venue: bigHotel(rng), aps: 150, outage: 'none', slots: seats(2_000) };
  if (index === 2) {
    const v = venue(rng, rng.pick(CROWD));
    return { size: 'huge', venue: v, aps: rng.int(300, 340), outage: 'some', slots: seats(5_000), extraDown: 3 };
  }
  let size: Size;
  const r = rng.next();
  if (index === 5) size = 'empty';
  else if (index === 3 || index === 4) size = 'small';
  else if (r < 0.004) size = 'huge';
  else if (r < 0.06) size = 'large';
  else if (r < 0.08) size = 'empty';
  else size = 'small';
  let kind: VenueKind;
  let aps: number;
  if (size === 'huge') {
    kind = rng.pick(HUGE);
    aps = rng.int(100, 260);
  } else if (size === 'large') {
    kind = rng.pick(LARGE);
    aps = rng.int(20, 80);
  } else {
    const [k, , range] = pickWeighted(rng, SMALL);
    kind = k;
    aps = size === 'empty' ? 0 : rng.int(range[0], range[1]);
  }
  const f = rng.next();
  const outage: SitePlan['outage'] =
    aps === 0 ? 'none' : index === 3 ? 'some' : index === 4 ? 'all' : f < 0.08 ? 'some' : f < 0.11 ? 'all' : 'none';
  const extraDown = outage === 'some' ? Math.floor(aps / 25) : undefined;
  return { size, venue: venue(rng, kind), aps, outage, extraDown };
}

function seats(online: number): number {
  return Math.round(online / DAYTIME_SHARE);
}

function pickWeighted<T extends [unknown, number, ...unknown[]]>(rng: Rng, items: T[]): T {
  const total = items.reduce((s, item) => s + item[1], 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= item[1];
    if (r < 0) return item;
  }
  return items[items.length - 1];
}

/**
 * The parts of a site drawn only when first read: what its health needs, then its networks, settings and vouchers
 * (CONFIG); `slots` is made from `seats` later still (see lazily).
 */
const HEAVY = [
  'devices',
  'wlangroups',
  'users',
  'blocked',
  'seats',
  'lanClients',
  'guestAuth',
  'networkId',
  'guestNetworkId',
  'usergroupId',
  'gatewayMac',
] as const;
const CONFIG = ['wlans', 'settings', 'vouchers'] as const;

/**
 * The world of startSimulator's options: the demo's (createWorld) without `sites`; with it, `default` and generated
 * sites up to `sites`, whose health stat/sites keeps for a simulated minute.
 */
export function buildWorld(seed: number, createdAt: number, opts: WorldOptions = {}): World {
  const world = createWorld(seed, createdAt, opts);
  if (opts.sites === undefined) return world;
  if (!Number.isInteger(opts.sites) || opts.sites < 1)
    throw new Error(`sites must be a whole number >= 1: ${opts.sites}`);
  addGeneratedSites(world, opts.sites, opts.vouchers);
  world.healthCache = new WeakMap();
  return world;
}

/** Adds sites up to `count` (default first) to a world that holds `default`; `vouchers` go to the big hotel. */
function addGeneratedSites(world: World, count: number, vouchers: number | undefined): void {
  const names = new Set(world.sites.map((s) => s.name));
  const descs = new Set(world.sites.map((s) => s.desc));
  const now = world.createdAt;
  for (let index = world.sites.length; index < count; index++) {
    const rng = createRng(seedOf(world, index, 0x5173));
    const shape = shapeOf(rng, index);
    let desc = shape.venue.desc;
    for (let i = 0; descs.has(desc) && i < 20; i++) desc = venue(rng, shape.venue.kind).desc;
    if (descs.has(desc)) desc = `${desc} (${index})`;
    descs.add(desc);
    let name = rng.lower(8);
    while (names.has(name)) name = rng.lower(8);
    names.add(name);

    // the heavy parts are empty here: lazily puts accessors in their place
    const site: Site = {
      seed: world.seed,
      index,
      _id: idAt(now - 400 * DAY, world.seed, index, 1),
      name,
      desc,
      ...emptyParts(),
      seats: undefined,
      lanClients: 0,
      guestAuth: 'hotspot',
      networkId: '',
      guestNetworkId: '',
      usergroupId: '',
      gatewayMac: '',
      wanIp: wanIpOf(index),
      subnet: Math.floor(hash01(world.seed, index, 2) * 256),
      wide: true,
    };
    // the plan of its parts is made with them, on first read
    let plan: SitePlan;
    lazily(
      site,
      () => {
        plan = planOf(shape, desc, name);
        const rng2 = createRng(seedOf(world, index, 0x4ea7));
        site.networkId = newId(rng2, now - 400 * DAY);
        site.guestNetworkId = newId(rng2, now - 400 * DAY);
        site.usergroupId = newId(rng2, now - 400 * DAY);
        site.gatewayMac = `${rng2.pick(UBNT_OUIS)}:${pairs(rng2.hex(6))}`;
        fillDevices(site, rng2, plan, now);
        fillBlocked(site, rng2, now);
      },
      () => {
        const rng3 = createRng(seedOf(world, index, 0xc0f1));
        fillConfig(site, rng3, plan, now);
        if (index === 1 && vouchers !== undefined) topUpVouchers(site, vouchers, rng3, now);
      },
    );
    world.sites.push(site);
    world.nextSiteIndex = index + 1;
  }
}

/** What fillDevices and fillConfig make of a generated site's shape. */
function planOf(shape: Shape, desc: string, name: string): SitePlan {
  const kind = shape.venue.kind;
  return {
    desc,
    name,
    aps: [shape.aps, shape.aps],
    slots: shape.slots,
    extraDown: shape.extraDown,
    outage: shape.outage,
    ssid: ssidOf(shape.venue.brand) || 'WiFi',
    fixtures: shape.aps ? fixturesOf(kind, shape.aps) : [],
    overnight: OVERNIGHT.has(kind),
    guestAuth: NO_PORTAL.has(kind) ? 'none' : PASSWORD.has(kind) ? 'password' : 'hotspot',
    compact: true,
  };
}

/** An ObjectId-like id from a hash: seconds of `at`, then 16 hex digits. */
function idAt(at: number, ...parts: number[]): string {
  return (
    Math.floor(at / 1000)
      .toString(16)
      .padStart(8, '0') + hashHex(16, ...parts)
  );
}

/**
 * Turns the site's heavy parts into accessors that draw them on first read or write, then step aside (plain
 * properties again): code and tests keep reading `site.devices` as before. Its networks, settings and vouchers come
 * on their own first read (stat/sites needs none of them); `slots` is made from the compact seats when first read, as
 * only the calls that list clients need the objects (health counts the seats).
 */
function lazily(site: Site, build: () => void, buildConfig: () => void): void {
  const plain = (key: string, value: unknown) =>
    Object.defineProperty(site, key, { value, writable: true, enumerable: true, configurable: true });
  const step = (keys: readonly string[], make: () => void) => {
    // the site's empty values, put back as plain properties before the parts are drawn into them
    const empty = keys.map((key) => Reflect.get(site, key));
    let made = false;
    const run = () => {
      if (made) return;
      made = true;
      for (const [i, key] of keys.entries()) plain(key, empty[i]);
      make();
    };
    for (const key of keys) {
      Object.defineProperty(site, key, {
        enumerable: true,
        configurable: true,
        get() {
          run();
          return Reflect.get(site, key);
        },
        set(value: unknown) {
          run();
          Reflect.set(site, key, value);
        },
      });
    }
    return run;
  };
  const first = step(HEAVY, build);
  step(CONFIG, () => {
    first();
    buildConfig();
  });
  Object.defineProperty(site, 'slots', {
    enumerable: true,
    configurable: true,
    get() {
      first();
      const table = site.seats;
      plain('slots', table ? Array.from({ length: seatCount(table) }, (_, k) => seatAt(table, k)) : []);
      return site.slots;
    },
    set(value: unknown) {
      plain('slots', value);
    },
  });
}
