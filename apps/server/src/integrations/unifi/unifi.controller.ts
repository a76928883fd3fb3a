// Over 300 lines: every call the console makes to a controller, one method each, over the client's transport and the read cache.
import {
  type BlockedDevice,
  type ConnectedDevice,
  DASHBOARD_REFRESH_MS,
  type ReportInterval,
  type Voucher,
} from '@it4u/shared';
import { BadRequestError, NotFoundError, UnavailableError } from '../../lib/errors.ts';
import type { OpsMetrics } from '../../lib/opsMetrics.ts';
import { createReadCache, type ReadCache } from '../../lib/readCache.ts';
import { type ControllerConfig, createUnifiClient, type LoginGate, type UnifiClient } from './unifi.client.ts';
import { ControllerBusyError, ControllerError, ControllerTimeoutError } from './unifi.errors.ts';
import {
  type ControllerSite,
  type OfficialSite,
  type OfficialVoucher,
  toBlockedDevices,
  toConnectedDevices,
  toOfficialSites,
  toOfficialVoucher,
  toSiteReport,
  toSites,
  toVoucher,
} from './unifi.map.ts';

const HOUR = 3_600_000;
/**
 * How long a dashboard's read past its window waits for a slow controller before the last good answer is given, and
 * how old that answer may be (a controller of 2,000 sites takes 30 s or more for `stat/sites`; one rebooting, minutes).
 */
const LAST_GOOD_WAIT_MS = 3_000;
const LAST_GOOD_MS = 15 * 60_000;

/** An answer of the controller and how old it is (ms); `lastGood` when a slow or failed read left an older one. */
export type Aged<T> = { value: T; age: number; lastGood: boolean };

export type VoucherRequest = {
  n: number;
  quota: number;
  /** minutes */
  expire: number;
  /** kbps */
  up?: number;
  down?: number;
  /** MB */
  bytes?: number;
  note: string;
};

/** Vouchers a page of the official API (its most: 1,000; sites, devices and clients 200). */
const VOUCHER_PAGE = 1000;

/**
 * The official API's bounds of a voucher's and a guest authorization's limits (Ubiquiti's OpenAPI file for it,
 * 10.4.57: "Hotspot voucher creation request", "Guest access authorization request").
 */
const OFFICIAL_BOUNDS: Record<string, [number, number]> = {
  timeLimitMinutes: [1, 1_000_000],
  dataUsageLimitMBytes: [1, 1_048_576],
  rxRateLimitKbps: [2, 100_000],
  txRateLimitKbps: [2, 100_000],
};

/** The first limit past the official API's bounds, with them; undefined when all are within. */
function outOfBounds(limits: Record<string, unknown>): { field: string; min: number; max: number } | undefined {
  for (const [field, [min, max]] of Object.entries(OFFICIAL_BOUNDS)) {
    const v = limits[field];
    if (typeof v === 'number' && (v < min || v > max)) return { field, min, max };
  }
  return undefined;
}

/** A string of the official API's filter: in single quotes, a quote inside doubled (its "Filtering" section). */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The newest batch (one creation time) of vouchers like `v` (its note, quota and duration) when it has `v.n` of them. */
function newestBatch(found: Voucher[], v: VoucherRequest): Voucher[] {
  const alike = found.filter((r) => r.note === v.note && r.quota === v.quota && r.duration === v.expire);
  const newest = Math.max(...alike.map((r) => r.createTime));
  const batch = alike.filter((r) => r.createTime === newest);
  return batch.length === v.n ? batch : [];
}

/** The controller calls the console makes, typed, with reads through the coalescing cache. */
export function createController(client: UnifiClient, cache: ReadCache, shared?: SharedReads) {
  const s = encodeURIComponent;
  // a read with a window of its own (the dashboards') is shared with the other instances when they share a database
  const read = <T>(key: string, load: () => Promise<T>, ttlMs?: number) =>
    cache.get(key, shared && ttlMs !== undefined ? () => shared.read(key, ttlMs, load) : load, ttlMs);
  /**
   * A windowed read that a controller can be slow to answer at size, with its age: past its window, the
   * controller is waited for a few seconds, then the last good answer (within LAST_GOOD_MS) is given, said to be one,
   * while the read goes on. A site the controller no longer has is said at once. With a last good answer to give, a
   * read the controller answers busy (a console starting: 503) is not sent again: that answer is given at once.
   */
  const aged = <T>(key: string, load: (busyRetries?: number) => Promise<T>, ttlMs: number): Promise<Aged<T>> =>
    cache.aged(
      key,
      ({ kept }) => {
        const once = () => load(kept ? 0 : undefined);
        return shared ? shared.read(key, ttlMs, once) : once();
      },
      ttlMs,
      { waitMs: LAST_GOOD_WAIT_MS, keepMs: LAST_GOOD_MS, keepOn: (err) => !(err instanceof NotFoundError) },
    );
  /** Forgets the answers a write changed, here and for the other instances. */
  const forget = async (prefix: string) => {
    cache.invalidate(prefix);
    await shared?.forget(prefix);
  };
  const seconds = (ms: number) => Math.floor(ms / 1000);
  /** each site's UUID on the official API, by its short name (the sites read through it fill it) */
  const uuids = new Map<string, string>();
  /** whether the sites were read through the official API (undefined: not read yet) */
  let officialSites: boolean | undefined;
  const sites = (): Promise<ControllerSite[]> =>
    read('sites', async () => {
      const official = await client.officialList<OfficialSite>('/v1/sites');
      officialSites = official !== undefined;
      if (!official) return toSites(await client.call('GET', '/api/self/sites'));
      const list = toOfficialSites(official);
      for (const site of list) if (site.uuid) uuids.set(site.name, site.uuid);
      return list;
    });
  /**
   * The site's UUID when its hotspot is reached through the official API (a key, a console that has the API, a site
   * it listed); undefined for the classic paths.
   */
  async function officialSite(site: string): Promise<string | undefined> {
    if (!client.usesKey() || officialSites === false) return undefined;
    if (!uuids.has(site)) await sites();
    return uuids.get(site);
  }
  /** A guest's phone as the official API lists it (by its MAC), undefined when it is not listed (yet). */
  async function officialClient(uuid: string, mac: string) {
    const page = (await client.official(
      `/v1/sites/${uuid}/clients?offset=0&limit=1&filter=${encodeURIComponent(`macAddress.eq(${quoted(mac)})`)}`,
    )) as { data?: { id?: unknown; access?: { type?: unknown; authorized?: unknown } }[] } | undefined;
    const found = page?.data?.[0];
    return typeof found?.id === 'string' ? { ...found, id: found.id } : undefined;
  }
  const vouchersAt = (uuid: string) => `/v1/sites/${uuid}/hotspot/vouchers`;
  /** The devices of a site as the controller lists them (the devices screen and the dashboards share them). */
  const deviceList = (site: string, ttlMs?: number) =>
    read(`${site}:device`, () => client.call('GET', `/api/s/${s(site)}/stat/device`), ttlMs);
  /** The clients of a site connected now, as the controller lists them (the devices screen reads the same). */
  const stations = (site: string, ttlMs?: number) =>
    read(`${site}:sta`, () => client.call('GET', `/api/s/${s(site)}/stat/sta`), ttlMs);
  /** The newest batch of a voucher request's kind made since `since` (s), read back from the controller. */
  async function madeSince(site: string, v: VoucherRequest, since: number): Promise<Voucher[]> {
    const all = await client.call('GET', `/api/s/${s(site)}/stat/voucher`);
    return newestBatch(
      all.filter((r) => typeof r.create_time === 'number' && r.create_time >= since).map(toVoucher),
      v,
    );
  }
  /**
   * Makes vouchers through the official API, which answers them (201 `{ vouchers }`). A value past the API's bounds
   * is refused here, on its field, rather than sent to be refused. A create that failed busy or late is never sent
   * again: the vouchers of its note made since it began (a minute allowed) are read back by filter, and the newest
   * batch of its count, quota and duration answered as made; none, and the call fails as it did.
   */
  async function createOfficial(site: string, uuid: string, v: VoucherRequest): Promise<Voucher[]> {
    const body = {
      count: v.n,
      name: v.note,
      timeLimitMinutes: v.expire,
      ...(v.quota > 0 ? { authorizedGuestLimit: v.quota } : {}),
      ...(v.bytes !== undefined ? { dataUsageLimitMBytes: v.bytes } : {}),
      ...(v.down !== undefined ? { rxRateLimitKbps: v.down } : {}),
      ...(v.up !== undefined ? { txRateLimitKbps: v.up } : {}),
    };
    const over = outOfBounds(body);
    if (over) {
      const field = { timeLimitMinutes: 'expire', dataUsageLimitMBytes: 'bytes', rxRateLimitKbps: 'down' }[over.field];
      throw new BadRequestError('voucherOverControllerLimit', field ?? 'up', { min: over.min, max: over.max });
    }
    const began = client.controllerNow();
    try {
      const made = (await client.official(vouchersAt(uuid), 'POST', body)) as { vouchers?: unknown } | undefined;
      return Array.isArray(made?.vouchers) ? (made.vouchers as OfficialVoucher[]).map(toOfficialVoucher) : [];
    } catch (err) {
      if (!(err instanceof ControllerBusyError || err instanceof ControllerTimeoutError)) throw err;
      const since = new Date(began - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const filter = `and(name.eq(${quoted(v.note)}), createdAt.ge(${since}))`;
      const found = await client
        .officialList<OfficialVoucher>(`${vouchersAt(uuid)}?filter=${encodeURIComponent(filter)}`, VOUCHER_PAGE)
        .then((rows) => newestBatch((rows ?? []).map(toOfficialVoucher), v))
        .catch(() => []);
      if (found.length === 0) throw err;
      return found;
    } finally {
      cache.invalidate(`${site}:voucher`);
    }
  }

  return {
    client,

    /**
     * The controller's sites: through the official API when it signs in with a key and the console has it (paged,
     * 200 at a time; each site's UUID kept by its short name), else `self/sites`.
     */
    sites,

    /** A site's UUID on the official API, by its short name, once its sites were read through it. */
    siteUuid: (site: string): string | undefined => uuids.get(site),

    async addSite(desc: string): Promise<ControllerSite> {
      const [site] = await client.call('POST', '/api/s/default/cmd/sitemgr', { cmd: 'add-site', desc });
      cache.invalidate('sites');
      return toSites(site ? [site] : [])[0] ?? { name: '', desc };
    },

    /**
     * A site's vouchers, newest first (`ttlMs`: how old an answer the caller takes; the cache's own else). Kept in
     * this instance only, never shared through the database: their codes are what guests type, and a write here
     * forgets them here.
     */
    vouchers: (site: string, ttlMs?: number): Promise<Voucher[]> =>
      cache.get(
        `${site}:voucher`,
        async () => {
          const uuid = await officialSite(site);
          const all = uuid
            ? ((await client.officialList<OfficialVoucher>(vouchersAt(uuid), VOUCHER_PAGE)) ?? []).map(
                toOfficialVoucher,
              )
            : (await client.call('GET', `/api/s/${s(site)}/stat/voucher`)).map(toVoucher);
          return all.sort((a, b) => b.createTime - a.createTime);
        },
        ttlMs,
      ),

    /**
     * Creates vouchers and answers the new ones (the controller answers only their create_time; the batch is then read
     * by it, `stat/voucher` filtered by `create_time` as Art-of-WiFi's `stat_voucher` sends it). A create that failed
     * busy or late may have been made all the same (behind a proxy that gave up waiting): it is never sent again, the
     * site's vouchers are read back instead, and a batch of this note, count, quota and duration made since the call
     * began (on the controller's clock, a minute allowed) is answered as made; none, and the call fails as it did.
     */
    async createVouchers(site: string, v: VoucherRequest): Promise<Voucher[]> {
      const uuid = await officialSite(site);
      if (uuid) return createOfficial(site, uuid, v);
      const body: Record<string, unknown> = {
        cmd: 'create-voucher',
        n: v.n,
        quota: v.quota,
        expire: v.expire,
        note: v.note,
      };
      if (v.up !== undefined) body.up = v.up;
      if (v.down !== undefined) body.down = v.down;
      if (v.bytes !== undefined) body.bytes = v.bytes;
      const began = Math.floor(client.controllerNow() / 1000);
      let made: { create_time?: number } | undefined;
      try {
        [made] = await client.call<{ create_time?: number }>('POST', `/api/s/${s(site)}/cmd/hotspot`, body);
      } catch (err) {
        cache.invalidate(`${site}:voucher`);
        if (!(err instanceof ControllerBusyError || err instanceof ControllerTimeoutError)) throw err;
        const found = await madeSince(site, v, began - 60).catch(() => []);
        if (found.length === 0) throw err;
        return found;
      }
      cache.invalidate(`${site}:voucher`);
      const batch = made?.create_time;
      const read = batch === undefined ? undefined : { create_time: batch };
      const all = await client.call('POST', `/api/s/${s(site)}/stat/voucher`, read);
      // this batch: made in that second with this note (another batch of the same second has its own note)
      return all.filter((r) => batch === undefined || (r.create_time === batch && r.note === v.note)).map(toVoucher);
    },

    /**
     * A voucher read afresh: its batch alone (`stat/voucher` by `create_time`), the kept list then holding what the
     * controller said of it; undefined when the controller no longer has it.
     */
    async voucherAfresh(site: string, v: Voucher): Promise<Voucher | undefined> {
      const uuid = await officialSite(site);
      const fresh = uuid
        ? await client.official(`${vouchersAt(uuid)}/${s(v.id)}`).then(
            (one) => (one ? toOfficialVoucher(one as OfficialVoucher) : undefined),
            (err: unknown) => {
              if (err instanceof ControllerError && err.controllerMsg?.endsWith('not-found')) return undefined;
              throw err;
            },
          )
        : (
            await client.call('POST', `/api/s/${s(site)}/stat/voucher`, {
              create_time: Math.floor(v.createTime / 1000),
            })
          )
            .map(toVoucher)
            .find((x) => x.id === v.id);
      cache.update<Voucher[]>(`${site}:voucher`, (list) =>
        fresh ? list.map((x) => (x.id === v.id ? fresh : x)) : list.filter((x) => x.id !== v.id),
      );
      return fresh;
    },

    async deleteVoucher(site: string, id: string): Promise<void> {
      const uuid = await officialSite(site);
      if (uuid) await client.official(`${vouchersAt(uuid)}/${s(id)}`, 'DELETE');
      else await client.call('POST', `/api/s/${s(site)}/cmd/hotspot`, { cmd: 'delete-voucher', _id: id });
      // the list kept is the controller's less this voucher: every guest's login reads it
      cache.update<Voucher[]>(`${site}:voucher`, (list) => list.filter((v) => v.id !== id));
    },

    /**
     * The clients connected now, for the devices screen and the dashboards' "clients now" panel: kept for the
     * dashboards' refresh window (30 s), so that however many watch, the controller is asked once per window; a
     * block or a kick forgets them at once.
     */
    connectedDevices: (site: string): Promise<ConnectedDevice[]> =>
      read(
        `${site}:devices`,
        async () => {
          const [clients, devices] = await Promise.all([
            stations(site, DASHBOARD_REFRESH_MS),
            deviceList(site, DASHBOARD_REFRESH_MS),
          ]);
          return toConnectedDevices(clients, devices);
        },
        DASHBOARD_REFRESH_MS,
      ),

    blockedDevices: (site: string): Promise<BlockedDevice[]> =>
      read(`${site}:blocked`, async () =>
        toBlockedDevices(await client.call('POST', `/api/s/${s(site)}/stat/alluser`, { type: 'blocked', conn: 'all' })),
      ),

    /** The controller's settings of its own, among them how long it keeps each report (cached an hour). */
    sysinfo: (): Promise<Record<string, unknown> | undefined> =>
      read('sysinfo', async () => (await client.call('GET', '/api/s/default/stat/sysinfo'))[0], HOUR),

    /** A site report between two slot times (ms); `ttlMs` longer for closed periods, which never change. */
    siteReport: (site: string, interval: ReportInterval, start: number, end: number, ttlMs: number) =>
      read(
        `${site}:report:${interval}:${start}:${end}`,
        async () =>
          toSiteReport(
            await client.call('POST', `/api/s/${s(site)}/stat/report/${interval}.site`, {
              attrs: ['time', 'wlan_bytes', 'wan-tx_bytes', 'wan-rx_bytes', 'wlan-num_sta'],
              start,
              end,
            }),
          ),
        ttlMs,
      ),

    devices: deviceList,

    /** A site's devices for the dashboards, the last good list when the controller is slow or failing (see `aged`). */
    devicesAged: (site: string, ttlMs: number) =>
      aged(
        `${site}:device`,
        (busyRetries) => client.call('GET', `/api/s/${s(site)}/stat/device`, undefined, { busyRetries }),
        ttlMs,
      ),

    /**
     * The clients of a site connected now, read afresh and kept nowhere (a scan of every site's clients would fill
     * the cache with lists no screen asks for).
     */
    stationsNow: (site: string) => client.call('GET', `/api/s/${s(site)}/stat/sta`),

    /**
     * Every site with its health, in one call (the overview, the alerts): slow at size (30 s or more for 2,000 sites),
     * so the last good answer stands in while it runs (see `aged`).
     */
    sitesWithHealth: (ttlMs: number) =>
      aged('stat/sites', (busyRetries) => client.call('GET', '/api/stat/sites', undefined, { busyRetries }), ttlMs),

    /** The hotspot's guests seen between two times (ms). */
    guests: (site: string, start: number, end: number, ttlMs: number) =>
      read(
        `${site}:guest:${start}:${end}`,
        () => client.call('POST', `/api/s/${s(site)}/stat/guest`, { start: seconds(start), end: seconds(end) }),
        ttlMs,
      ),

    /** The guests' sessions between two times (ms). */
    guestSessions: (site: string, start: number, end: number, ttlMs: number) =>
      read(
        `${site}:session:${start}:${end}`,
        () =>
          client.call('POST', `/api/s/${s(site)}/stat/session`, {
            type: 'guest',
            start: seconds(start),
            end: seconds(end),
          }),
        ttlMs,
      ),

    /** The site's wifi groups (wlan groups), as the controller has them. */
    wlanGroups: (site: string) =>
      read(`${site}:wlangroup`, () => client.call('GET', `/api/s/${s(site)}/rest/wlangroup`)),

    async createWlanGroup(site: string, body: Record<string, unknown>) {
      const [group] = await client.call('POST', `/api/s/${s(site)}/rest/wlangroup`, body);
      cache.invalidate(`${site}:wlangroup`);
      return group;
    },

    /**
     * The site's AP groups, on controllers of Network 6 and later (which group access points so, not in wlan
     * groups); undefined when the controller has no AP groups.
     */
    apGroups: (site: string): Promise<Record<string, unknown>[] | undefined> =>
      read(`${site}:apgroups`, async () => {
        const groups = await client.v2('GET', `/v2/api/site/${s(site)}/apgroups`);
        return Array.isArray(groups) ? (groups as Record<string, unknown>[]) : undefined;
      }),

    async createApGroup(site: string, name: string) {
      const made = await client.v2('POST', `/v2/api/site/${s(site)}/apgroups`, { name, device_macs: [] });
      cache.invalidate(`${site}:apgroups`);
      return (made ?? {}) as Record<string, unknown>;
    },

    /** Puts every access point of the site in an AP group; answers how many. */
    async fillApGroup(site: string, group: Record<string, unknown>): Promise<number> {
      // the devices' MACs and types only: `stat/device-basic` (Art-of-WiFi's list_devices_basic), no statistics
      const macs = (await client.call('GET', `/api/s/${s(site)}/stat/device-basic`))
        .filter((d) => d.type === undefined || d.type === 'uap')
        .map((d) => String(d.mac));
      await client.v2('PUT', `/v2/api/site/${s(site)}/apgroups/${s(String(group._id))}`, {
        ...group,
        device_macs: macs,
      });
      cache.invalidate(`${site}:apgroups`);
      return macs.length;
    },

    /** The site's wireless networks (wlanconf), as the controller has them. */
    wlans: (site: string) => read(`${site}:wlanconf`, () => client.call('GET', `/api/s/${s(site)}/rest/wlanconf`)),

    /** Creates a network (no id) or changes one; answers it as the controller stored it. */
    async saveWlan(site: string, id: string | undefined, body: Record<string, unknown>) {
      const [wlan] = id
        ? await client.call('PUT', `/api/s/${s(site)}/rest/wlanconf/${s(id)}`, body)
        : await client.call('POST', `/api/s/${s(site)}/rest/wlanconf`, body);
      cache.invalidate(`${site}:wlanconf`);
      return wlan;
    },

    /**
     * Puts every access point of the site in a wifi group (both radios); answers how many. In one call
     * (`group/device`), or, on a controller without it (404), device by device (`upd/device/{_id}`, as Art-of-WiFi's
     * set_ap_wlangroup; its `wlan_overrides: []` is not sent, which would drop each device's own overrides).
     */
    async applyWlanGroup(site: string, groupId: string): Promise<number> {
      const ids = (await client.call('GET', `/api/s/${s(site)}/stat/device`)).map((d) => String(d._id));
      if (ids.length === 0) return 0;
      const radios = { wlangroup_id_ng: groupId, wlangroup_id_na: groupId };
      try {
        await client.call('PUT', `/api/s/${s(site)}/group/device`, { id: ids, data: radios });
      } catch (err) {
        if (!(err instanceof ControllerError && err.controllerMsg === 'api.err.NotFound')) throw err;
        for (const id of ids) await client.call('POST', `/api/s/${s(site)}/upd/device/${s(id)}`, radios);
      } finally {
        await forget(`${site}:device`);
      }
      return ids.length;
    },

    /** The site's guest-access settings (the hotspot portal), undefined when the controller has none. */
    guestAccess: (site: string) =>
      read(`${site}:guest_access`, async () =>
        (await client.call('GET', `/api/s/${s(site)}/get/setting`)).find((x) => x.key === 'guest_access'),
      ),

    async setGuestAccess(site: string, id: string, fields: Record<string, unknown>) {
      const [saved] = await client.call('POST', `/api/s/${s(site)}/set/setting/guest_access/${s(id)}`, fields);
      cache.invalidate(`${site}:guest_access`);
      return saved;
    },

    /**
     * Lets a guest in for its minutes, with its rates (kbps), byte quota (MB) and access point. Through the official
     * API's client action when the site is read so and the controller lists the phone as a guest (it cannot let in a
     * phone it does not list, and controllers list a new one a minute or two late) and the limits are within the
     * API's bounds; else `authorize-guest` by MAC on the classic path (which takes the key too). No voucher is sent:
     * no public client sends one, and the console counts a voucher's uses itself (vouchers.service.ts).
     */
    async authorizeGuest(
      site: string,
      g: {
        mac: string;
        minutes: number;
        up?: number | null;
        down?: number | null;
        bytes?: number | null;
        apMac?: string;
      },
    ) {
      const uuid = await officialSite(site);
      const limits = {
        timeLimitMinutes: g.minutes,
        ...(g.bytes ? { dataUsageLimitMBytes: g.bytes } : {}),
        ...(g.down ? { rxRateLimitKbps: g.down } : {}),
        ...(g.up ? { txRateLimitKbps: g.up } : {}),
      };
      const listed = uuid && !outOfBounds(limits) ? await officialClient(uuid, g.mac) : undefined;
      if (uuid && listed?.access?.type === 'GUEST') {
        await client.official(`/v1/sites/${uuid}/clients/${s(listed.id)}/actions`, 'POST', {
          action: 'AUTHORIZE_GUEST_ACCESS',
          ...limits,
        });
        return;
      }
      const body: Record<string, unknown> = { cmd: 'authorize-guest', mac: g.mac, minutes: g.minutes };
      if (g.up) body.up = g.up;
      if (g.down) body.down = g.down;
      if (g.bytes) body.bytes = g.bytes;
      if (g.apMac) body.ap_mac = g.apMac;
      // the kept voucher list is not read again: its use counts lag, the console's own uses do not (vouchers.service.ts)
      await client.call('POST', `/api/s/${s(site)}/cmd/stamgr`, body);
    },

    /**
     * Whether the controller now shows the guest's phone let in (its online client, asked afresh): `yes`, `no` (listed,
     * not authorized), or `unknown` (not listed yet: controllers list a new client a minute or two late, and some
     * answer `api.err.UnknownStation` meanwhile).
     */
    async guestAuthorized(site: string, mac: string): Promise<'yes' | 'no' | 'unknown'> {
      const uuid = await officialSite(site);
      if (uuid) {
        const listed = await officialClient(uuid, mac);
        if (!listed) return 'unknown';
        if (listed.access?.type === 'GUEST') return listed.access.authorized === true ? 'yes' : 'no';
      }
      const clients = await client.call('GET', `/api/s/${s(site)}/stat/sta/${s(mac)}`).catch((err: unknown) => {
        if (err instanceof ControllerError && err.controllerMsg === 'api.err.UnknownStation') return [];
        throw err;
      });
      const listed = clients.filter((c) => c.mac === mac);
      if (listed.length === 0) return 'unknown';
      return listed.some((c) => c.authorized === true) ? 'yes' : 'no';
    },

    async setBlocked(site: string, mac: string, blocked: boolean): Promise<void> {
      await client.call('POST', `/api/s/${s(site)}/cmd/stamgr`, {
        cmd: blocked ? 'block-sta' : 'unblock-sta',
        mac: mac.toLowerCase(),
      });
      await forget(`${site}:`);
    },
  };
}

export type Controller = ReturnType<typeof createController>;

/**
 * Reads shared by the instances of the console on one database: `read` gives the answer another instance read within
 * the window, or reads it once for all; `forget` drops the answers a write changed.
 */
export type SharedReads = {
  read<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  forget(prefix: string): Promise<void>;
  /** the logins to this controller, one at a time across the instances, a lock met by one kept by all */
  logins: LoginGate;
};

/** A configured controller: its row's id and name, and how to reach it. */
export type NamedControllerConfig = ControllerConfig & { id: number; name: string };

/** A controller to call: its id (null for the demo controller), name and typed calls. */
export type ControllerEntry = { id: number | null; name: string; controller: Controller; demo: boolean };

/**
 * The controllers in use: the configured ones (first first), else the demo controller (the simulator `npm start`
 * runs), else none. Each has its own client (its own deadline, cool-down after timeouts and session) and its own
 * read cache, so a slow or dead controller slows only its own sites. Rebuilt when the configuration changes.
 */
export function createControllerProvider(opts: {
  configured: () => Promise<NamedControllerConfig[]>;
  demo?: ControllerConfig;
  ttlMs?: number;
  /** the reads shared with the other instances, per controller (a namespace each); none on the embedded database */
  shared?: (namespace: string) => SharedReads;
  /** what /metrics counts: each controller call, each cached read */
  ops?: Pick<OpsMetrics, 'controllerCall' | 'cacheLookup'>;
}) {
  let current: Promise<ControllerEntry[]> | undefined;

  const entryOf = (id: number | null, name: string, config: ControllerConfig, demo: boolean): ControllerEntry => {
    const shared = opts.shared?.(`${id ?? 'demo'}@${config.url}`);
    return {
      id,
      name,
      demo,
      controller: createController(
        createUnifiClient({
          ...config,
          ...(shared ? { logins: shared.logins } : {}),
          observe: opts.ops && ((kind, ok, seconds) => opts.ops?.controllerCall(name, kind, ok, seconds)),
        }),
        createReadCache(opts.ttlMs ?? 15_000, Date.now, {
          lookup: opts.ops && ((hit) => opts.ops?.cacheLookup('controller', hit)),
        }),
        shared,
      ),
    };
  };

  async function build(): Promise<ControllerEntry[]> {
    const configured = await opts.configured();
    if (configured.length > 0) return configured.map((c) => entryOf(c.id, c.name, c, false));
    return opts.demo ? [entryOf(null, 'demo', opts.demo, true)] : [];
  }

  async function all(): Promise<ControllerEntry[]> {
    current ??= build().catch((err: unknown) => {
      current = undefined;
      throw err;
    });
    return current;
  }

  return {
    /** Every controller to call, first first ([] when none is configured and there is no demo). */
    all,
    /** The first controller (of systemConfig, and of sites not yet synced), or undefined when there is none. */
    async get(): Promise<ControllerEntry | undefined> {
      return (await all())[0];
    },
    /** The first controller; 503 naming the Parameter tab when there is none. */
    async require(): Promise<Controller> {
      const first = await this.get();
      if (!first) throw new UnavailableError(503, 'noController');
      return first.controller;
    },
    /** The controller of this id; the first for null or an id no longer configured; 503 when there is none. */
    async byId(id: number | null): Promise<ControllerEntry> {
      const entries = await all();
      const entry = (id === null ? undefined : entries.find((e) => e.id === id)) ?? entries[0];
      if (!entry) throw new UnavailableError(503, 'noController');
      return entry;
    },
    /** The configuration changed: the next call builds new clients (the old ones close). */
    reset() {
      const old = current;
      current = undefined;
      void old?.then((entries) => Promise.all(entries.map((e) => e.controller.client.close()))).catch(() => {});
    },
    hasDemo: () => opts.demo !== undefined,
  };
}

export type ControllerProvider = ReturnType<typeof createControllerProvider>;
