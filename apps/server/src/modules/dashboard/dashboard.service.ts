import {
  type AccessPoints,
  type ClientSeries,
  type ClientStats,
  DASHBOARD_REFRESH_MS,
  type HotspotGuests,
  type HotspotSessions,
  type NetworkRates,
  type Overview,
  type ReportInterval,
  type SegmentCounts,
  type TrafficHistory,
} from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { lastSeenOf, toAccessPoints, wlanHealth } from '../../integrations/unifi/unifi.map.ts';
import type { Actor } from '../../lib/context.ts';
import { seesAllSites } from '../../lib/context.ts';
import { BadRequestError, ForbiddenError, UnavailableError } from '../../lib/errors.ts';
import type { ContractCounts } from '../contracts/contracts.module.ts';
import { failedOutcome } from '../controllers/controllers.outcome.ts';
import type { SiteOnController, SitesService } from '../sites/sites.service.ts';
import {
  clientSeries,
  clientStats,
  guestCounts,
  networkRates,
  retentionMs,
  sessionsPerDay,
  trafficHistory,
  ttlOf,
  windowOf,
} from './dashboard.series.ts';
import { statSpecNames } from './dashboard.stat.ts';

type Range = { start: number; end: number };

/** An access point now: up or down, since when (ms; null when not said), its clients. */
export type ApState = { mac: string; name: string; connected: boolean; clients: number; since: number | null };
const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
/** However late the health came, the lists already in the cache get this long to be taken (ms). */
const MIN_LIST_WAIT_MS = 20;

type OverviewCore = Omit<Overview, 'overview' | 'listWarningSites' | 'listErrorSites' | 'errorWeekly'>;

/** The overview's lists under the spec's names, each entry a name, a value and a time. */
function overviewSpecNames(o: OverviewCore): Omit<Overview, keyof OverviewCore> {
  const sites = (list: Overview['warnings']) =>
    list.map((s) => ({ name: s.siteName, value: `${s.connected}/${s.adopted}`, time: o.asOf }));
  return {
    overview: (['ok', 'warning', 'error', 'unknown'] as const).map((k) => ({
      name: k,
      value: o.sites[k],
      time: o.asOf,
    })),
    listWarningSites: sites(o.warnings),
    listErrorSites: sites(o.errors),
    errorWeekly: o.disconnections.map((d) => ({ name: d.name, value: d.siteName, time: d.lastSeen })),
  };
}

/**
 * The dashboards of a site and the overview, read from the controller in use. Every read goes through the
 * controller's shared cache: per site and report one controller call per refresh window (30 s) however many people
 * watch, and reports of closed periods are kept an hour.
 */
export function createDashboardService(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  /** the contracts register's counts (its customers per segment) */
  contracts: ContractCounts;
  /** the console's clock */
  now: () => number;
  /**
   * how long after its start the overview answers, without the access points lists not read by then (ms; they go on
   * loading for the next refresh)
   */
  overviewBudgetMs: number;
}) {
  async function forSite(actor: Actor, site: string): Promise<SiteOnController> {
    deps.sites.assertAccess(actor, site);
    return deps.sites.onController(site);
  }

  function checkRange(range: Range) {
    if (range.end < range.start) throw new BadRequestError('rangeReversed', 'end');
  }

  /** The slots of a site report for a range, cut at what the controller keeps, read once per refresh window. */
  async function report(actor: Actor, site: string, interval: ReportInterval, range: Range) {
    checkRange(range);
    const { controller, site: name } = await forSite(actor, site);
    const now = deps.now();
    const window = windowOf(interval, range, now, retentionMs(await controller.sysinfo(), interval));
    const rows = await controller.siteReport(
      name,
      interval,
      window.start,
      window.end,
      ttlOf(interval, window, now, DASHBOARD_REFRESH_MS),
    );
    return { window: { ...window, asOf: now }, rows };
  }

  /** A hotspot window cut to the minute, so that viewers of the same window share the controller's answer. */
  function minuteWindow(range: Range) {
    checkRange(range);
    const now = deps.now();
    const end = Math.floor(Math.min(range.end, now) / MINUTE) * MINUTE;
    const start = Math.min(Math.floor(range.start / MINUTE) * MINUTE, end);
    const ttl = end < Math.floor(now / MINUTE) * MINUTE ? 60 * MINUTE : DASHBOARD_REFRESH_MS;
    return { start, end, clampedFrom: null, asOf: now, ttl };
  }

  return {
    async clients(actor: Actor, site: string, interval: ReportInterval, range: Range): Promise<ClientSeries> {
      const { window, rows } = await report(actor, site, interval, range);
      return { ...window, points: clientSeries(rows) };
    },

    async clientStats(actor: Actor, site: string, interval: ReportInterval, range: Range): Promise<ClientStats> {
      const { window, rows } = await report(actor, site, interval, range);
      return { ...window, ...clientStats(rows) };
    },

    async networkRates(actor: Actor, site: string, range: Range): Promise<NetworkRates> {
      const { window, rows } = await report(actor, site, 'hourly', range);
      return { ...window, points: networkRates(rows) };
    },

    async trafficHistory(actor: Actor, site: string, range: Range): Promise<TrafficHistory> {
      const { window, rows } = await report(actor, site, 'daily', range);
      return { ...window, points: trafficHistory(rows) };
    },

    async accessPoints(actor: Actor, site: string): Promise<AccessPoints> {
      const { controller, site: name } = await forSite(actor, site);
      const { value: devices, age, lastGood } = await controller.devicesAged(name, DASHBOARD_REFRESH_MS);
      const accessPoints = toAccessPoints(devices);
      const connected = accessPoints.filter((ap) => ap.connected).length;
      return {
        asOf: deps.now() - age,
        ...(lastGood ? { lastGood } : {}),
        connected,
        disconnected: accessPoints.length - connected,
        accessPoints,
        ...statSpecNames(devices, accessPoints),
      };
    },

    /**
     * A site's access points now, each with since when it is in its state: up since it last started (now less its
     * uptime), down since it was last seen (null when the controller does not say). For a customer's page, whose
     * caller was checked there, and the alerts (which read within their own period, and know where the site is read
     * from the health they read: `on`).
     */
    async accessPointStates(site: string, ttlMs = DASHBOARD_REFRESH_MS, on?: SiteOnController): Promise<ApState[]> {
      const { controller, site: name } = on ?? (await deps.sites.onController(site));
      const devices = (await controller.devicesAged(name, ttlMs)).value;
      const now = deps.now();
      return devices
        .filter((d) => d.type === undefined || d.type === 'uap')
        .map((d) => {
          const [ap] = toAccessPoints([d]);
          const connected = ap?.connected ?? false;
          const lastSeen = lastSeenOf(d);
          return {
            mac: ap?.mac ?? '',
            name: ap?.name ?? '',
            connected,
            clients: ap?.clients ?? 0,
            since: connected ? (ap && ap.uptime > 0 ? now - ap.uptime * 1000 : null) : lastSeen > 0 ? lastSeen : null,
          };
        });
    },

    async hotspotGuests(actor: Actor, site: string, range: Range): Promise<HotspotGuests> {
      const { controller, site: name } = await forSite(actor, site);
      const { ttl, ...window } = minuteWindow(range);
      const guests = await controller.guests(name, window.start, window.end, ttl);
      return { ...window, ...guestCounts(guests) };
    },

    async hotspotSessions(actor: Actor, site: string, range: Range): Promise<HotspotSessions> {
      const { controller, site: name } = await forSite(actor, site);
      const { ttl, ...window } = minuteWindow(range);
      const sessions = await controller.guestSessions(name, window.start, window.end, ttl);
      return { ...window, days: sessionsPerDay(sessions, window) };
    },

    /**
     * The sites the caller sees, counted by their `wlan` health (unknown as its own count, a site the controller
     * does not list too); the sites in warning or error; the access points down now last seen within 7 days. Each
     * controller is read once a window (`stat/sites`), and a site's devices only when its health says some of its
     * access points are down; a controller that cannot be read is named, its sites unknown, the others shown.
     */
    async overview(actor: Actor): Promise<Overview> {
      if ((await deps.controller.all()).length === 0) throw new UnavailableError(503, 'noController');
      const now = deps.now();
      const started = performance.now();
      // staff see every site: those the health was matched against (the site table read once, not twice)
      const [mine, { bySite: health, down, where, located, ...read }] = await Promise.all([
        seesAllSites(actor) ? undefined : deps.sites.visibleTo(actor),
        deps.sites.health(DASHBOARD_REFRESH_MS),
      ]);
      const visible = mine ?? located;
      const counts = { ok: 0, warning: 0, error: 0, unknown: 0 };
      const warnings: Overview['warnings'] = [];
      const errors: Overview['errors'] = [];
      for (const site of visible) {
        const wlan = wlanHealth(health.get(site.idname));
        counts[wlan.status]++;
        const entry = { site: site.idname, siteName: site.sitename, connected: wlan.connected, adopted: wlan.adopted };
        if (wlan.status === 'warning') warnings.push(entry);
        if (wlan.status === 'error') errors.push(entry);
      }
      let unreachable = 0;
      const disconnections: Overview['disconnections'] = [];
      const withDown = visible.filter((site) => {
        const wlan = wlanHealth(health.get(site.idname));
        return wlan.adopted > wlan.connected;
      });
      // the lists read within the window are given at once; those not read yet are waited for until the overview's
      // budget from its start is spent (and a moment at least, for those in the cache), then the answer goes without
      // them (`pending`) while they go on loading into the cache, so that the next refresh has them
      const wait = Math.max(MIN_LIST_WAIT_MS, deps.overviewBudgetMs - (performance.now() - started));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), wait);
      });
      const lists = await Promise.all(
        withDown.map(async (site) => {
          const on = where.get(site.idname) ?? (await deps.sites.onController(site.idname));
          const list = on.controller.devicesAged(on.site, DASHBOARD_REFRESH_MS).then(
            (devices) => devices,
            () => 'failed' as const,
          );
          return { site, got: await Promise.race([list, late]) };
        }),
      );
      clearTimeout(timer);
      let pending = 0;
      let { age, lastGood } = read;
      for (const { site, got } of lists) {
        if (got === 'late') {
          pending++;
          continue;
        }
        if (got === 'failed') {
          unreachable++;
          continue;
        }
        age = Math.max(age, got.age);
        lastGood ||= got.lastGood;
        for (const d of got.value) {
          const [ap] = toAccessPoints([d]);
          const lastSeen = lastSeenOf(d);
          if (!ap || ap.connected || lastSeen < now - WEEK) continue;
          disconnections.push({ site: site.idname, siteName: site.sitename, name: ap.name, mac: ap.mac, lastSeen });
        }
      }
      disconnections.sort((a, b) => b.lastSeen - a.lastSeen);
      const core = { asOf: now - age, sites: counts, warnings, errors, disconnections, unreachable };
      const partial = { ...(pending > 0 ? { pending } : {}), ...(lastGood ? { lastGood } : {}) };
      const controllersDown = down.map(({ entry, error, sites }) => {
        const { code, params } = failedOutcome(error);
        return { id: entry.id, name: entry.name, sites, code, ...(params ? { params } : {}) };
      });
      return {
        ...core,
        ...overviewSpecNames(core),
        ...partial,
        ...(controllersDown.length ? { controllersDown } : {}),
      };
    },

    /** Customers per segment of the contracts register (staff only: it counts every customer). */
    async segments(actor: Actor): Promise<SegmentCounts> {
      if (!seesAllSites(actor)) throw new ForbiddenError('notAllowed');
      return deps.contracts.segmentCounts();
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
