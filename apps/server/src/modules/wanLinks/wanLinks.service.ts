import { promisify } from 'node:util';
import { gzip as zlibGzip } from 'node:zlib';
import { DASHBOARD_REFRESH_MS, WAN_LINKS, WAN_STALE_AFTER_MS } from '@it4u/shared';
import type {
  CustomerDetail,
  CustomerInfo,
  CustomerPush,
  CustomerPushResult,
  HistoryWindow,
  LinkState,
  NameValue,
  WanLink,
} from '@it4u/shared/api';
import { wlanHealth } from '../../integrations/unifi/unifi.map.ts';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { Job } from '../../lib/module.ts';
import { createPushWriter } from './push.writer.ts';
import { availability, flaps, timeline } from './wanLinks.history.ts';
import type { EventRow, LinkRow, PushedLink, SiteRow, WanLinksRepository } from './wanLinks.repository.ts';

const gzip = promisify(zlibGzip);

/** A report as JSON, plain and gzipped. */
export type Encoded = { json: Buffer; gzip: Buffer };

/** A turn of the event loop: what waits (a push's answer) goes first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows as JSON, plain and gzipped: written out a slice at a time (10,000 rows are 5 MB, tens of milliseconds in one
 * go), gzipped off the main thread.
 */
async function encode(rows: readonly unknown[]): Promise<Encoded> {
  const parts: Buffer[] = [Buffer.from('[')];
  for (let i = 0; i < rows.length; i += SLICE) {
    if (i > 0) await turn();
    const text = JSON.stringify(rows.slice(i, i + SLICE));
    // the slice's rows without its brackets, after a comma from the second slice on
    parts.push(Buffer.from(i > 0 ? `,${text.slice(1, -1)}` : text.slice(1, -1)));
  }
  parts.push(Buffer.from(']'));
  const json = Buffer.concat(parts);
  return { json, gzip: await gzip(json) };
}

const HOUR_MS = 3_600_000;
/** How often the report's copy is made anew, in the background (readers are given the one there meanwhile). */
export const REPORT_REFRESH_MS = 15_000;
/**
 * A copy older than that (the background making has stopped, or the clock jumped) is not given: its reader waits for
 * a new one.
 */
const REPORT_MAX_AGE_MS = 120_000;
/** Rows written out or worked out between two turns of the event loop, so that pushes are not held up meanwhile. */
const SLICE = 500;
const DAY_MS = 24 * HOUR_MS;
const WINDOW_MS: Record<HistoryWindow, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

/** A provider that names no link: the router has no such WAN. */
const noLink = (provider: string) => provider === '' || provider.toUpperCase() === 'NONE';

/** The links a push reports (the WANs with a provider), each with its status: 400 naming the field when one lacks it. */
export function pushedLinks(body: CustomerPush): PushedLink[] {
  const field = (n: number, name: string) => (body as Record<string, unknown>)[`wan${n}${name}`];
  return WAN_LINKS.flatMap((n) => {
    const provider = String(field(n, 'Provider') ?? '').trim();
    if (noLink(provider)) return [];
    const status = field(n, 'Status');
    if (status === undefined) throw new BadRequestError('wanStatusRequired', `wan${n}Status`, { wan: n });
    const uptime = field(n, 'Uptime');
    return [
      {
        wan: n,
        provider,
        ip: String(field(n, 'Ip') ?? ''),
        up: status === 1,
        uptime: typeof uptime === 'number' ? uptime : null,
      },
    ];
  });
}

/**
 * What a push changes: each link's latest state, and its history's new lines. A link that changes nothing keeps its
 * `since` and writes no line. After a gap longer than the stale delay, the links were unknown from the end of that
 * delay; a link the push no longer reports is unknown from now on.
 */
export function decide(
  before: LinkRow[],
  previousPush: Date | null,
  pushed: PushedLink[],
  at: Date,
): { links: LinkRow[]; events: EventRow[] } {
  const events: EventRow[] = [];
  const gap = previousPush !== null && at.getTime() - previousPush.getTime() > WAN_STALE_AFTER_MS;
  const staleFrom = previousPush ? new Date(previousPush.getTime() + WAN_STALE_AFTER_MS) : null;
  const state = (up: boolean): LinkState => (up ? 'up' : 'down');
  for (const old of before) {
    if (gap && staleFrom)
      events.push({ wan: old.wan, at: staleFrom, state: 'unknown', provider: old.provider, ip: old.ip });
    if (!pushed.some((l) => l.wan === old.wan)) {
      events.push({ wan: old.wan, at, state: 'unknown', provider: old.provider, ip: old.ip });
    }
  }
  const links = pushed.map((l) => {
    const old = before.find((b) => b.wan === l.wan);
    const changed = !old || gap || old.up !== l.up || old.provider !== l.provider || old.ip !== l.ip;
    if (changed) events.push({ wan: l.wan, at, state: state(l.up), provider: l.provider, ip: l.ip });
    return { ...l, since: changed || !old ? at : old.since };
  });
  return { links, events };
}

/**
 * The customer report: the WAN links that customer sites' routers push (latest state, history of changes, stale
 * sites), with the access points the controller counts for each site and the customer of its contract.
 */
export function createWanLinksService(deps: {
  audit: Audit;
  wanLinks: WanLinksRepository;
  /** every controller's sites with their health, by the console's site name (the sites area's) */
  siteHealth: (ttlMs: number) => Promise<{ bySite: Map<string, unknown> }>;
  now: () => number;
}) {
  /** The pushes, written in batches; each decided against its site's links as they were. */
  const writer = createPushWriter({
    store: deps.wanLinks,
    decide: (push, before, previous) => decide(before, previous, push.uptimes, push.at),
  });

  /** Access points connected and disconnected per site short name; empty when the controller does not answer. */
  async function accessPoints(): Promise<Map<string, { connected: number; disconnected: number }>> {
    const out = new Map<string, { connected: number; disconnected: number }>();
    try {
      const { bySite } = await deps.siteHealth(DASHBOARD_REFRESH_MS);
      for (const [name, health] of bySite) {
        const h = wlanHealth(health);
        out.set(name, { connected: h.connected, disconnected: Math.max(0, h.adopted - h.connected) });
      }
    } catch {
      // the report stands without the controller: its access points are then not known
    }
    return out;
  }

  function row(s: SiteRow, aps: Map<string, { connected: number; disconnected: number }>, now: number): CustomerInfo {
    const stale = s.lastPushAt === null || now - s.lastPushAt.getTime() > WAN_STALE_AFTER_MS;
    const ap = s.idname ? aps.get(s.idname) : undefined;
    const apdisconnected = ap?.disconnected ?? null;
    const [w1, w2, w3, w4] = WAN_LINKS.map((n) => s.links.find((x) => x.wan === n));
    const status = (l: LinkRow | undefined) => (l && !stale ? (l.up ? 1 : 0) : null);
    const uptime = (l: LinkRow | undefined) => (l && !stale ? l.uptime : null);
    // the fields written out, in one order: 10,000 rows of the same shape
    return {
      id: s.id,
      sitename: s.sitename,
      groupClient: s.groupName,
      idname: s.idname,
      known: s.idname !== null,
      customer: s.customer,
      customerId: s.customerId,
      apconnected: ap?.connected ?? null,
      apdisconnected,
      wan1Provider: w1?.provider ?? '',
      wan1Ip: w1?.ip ?? '',
      wan1Status: status(w1),
      wan1Uptime: uptime(w1),
      wan2Provider: w2?.provider ?? '',
      wan2Ip: w2?.ip ?? '',
      wan2Status: status(w2),
      wan2Uptime: uptime(w2),
      wan3Provider: w3?.provider ?? '',
      wan3Ip: w3?.ip ?? '',
      wan3Status: status(w3),
      wan3Uptime: uptime(w3),
      wan4Provider: w4?.provider ?? '',
      wan4Ip: w4?.ip ?? '',
      wan4Status: status(w4),
      wan4Uptime: uptime(w4),
      uptimeLb: stale ? null : s.uptimeLb,
      lastPush: s.lastPushAt?.getTime() ?? null,
      pushAge: s.lastPushAt ? Math.max(0, Math.round((now - s.lastPushAt.getTime()) / 1000)) : null,
      stale,
      down: (apdisconnected ?? 0) > 0 || (!stale && s.links.some((l) => !l.up)),
    };
  }

  /** A push made at `at` (ms): the site's links and their changes. */
  async function record(body: CustomerPush, at: number): Promise<CustomerPushResult> {
    const pushed = pushedLinks(body);
    const sitename = body.sitename.trim();
    const { changes, known } = await writer.push({
      sitename,
      groupName: body.groupClient?.trim() ?? null,
      uptimeLb: body.uptimeLb ?? null,
      uptimes: pushed,
      at: new Date(at),
    });
    return { sitename, known, changes };
  }

  /**
   * The report as of a few seconds ago: 10,000 sites take about a tenth of a second to read and write out, so one
   * copy (its rows, and their JSON plain and gzipped) serves every reader. It is made anew in the background every
   * REPORT_REFRESH_MS (the `refresher` job, and a reader who finds it older), and a reader is given the copy there
   * meanwhile: nobody waits for a copy to be made, except the first reader before the first copy, one after a site
   * was added or deleted here (the copy is then dropped at once), and one who finds it older than
   * REPORT_MAX_AGE_MS (on the console's clock). Pushes do not drop it: it is at most REPORT_REFRESH_MS and the
   * time to make it behind them, where routers push every 4 minutes.
   */
  type Copy = { at: number; rows: CustomerInfo[]; out: Map<string, Encoded> };
  let copy: Copy | undefined;
  let making: Promise<Copy> | undefined;
  /** moved on by every write that drops the copy: a copy begun before it is not kept */
  let generation = 0;

  function remake(): Promise<Copy> {
    if (making) return making;
    const started = generation;
    const p: Promise<Copy> = (async () => {
      const at = deps.now();
      const made = await rows(await deps.wanLinks.list(), at);
      const next: Copy = { at, rows: made, out: new Map([['ALL', await encode(made)]]) };
      if (generation === started) copy = next;
      return next;
    })().finally(() => {
      if (making === p) making = undefined;
    });
    making = p;
    return p;
  }

  function current(): Promise<Copy> {
    const kept = copy;
    const age = kept ? deps.now() - kept.at : Number.POSITIVE_INFINITY;
    if (!kept || age < 0 || age >= REPORT_MAX_AGE_MS) return remake();
    // a copy that fails to be made leaves this one until it is too old
    if (age >= REPORT_REFRESH_MS) remake().catch(() => {});
    return Promise.resolve(kept);
  }

  function drop() {
    generation++;
    copy = undefined;
    making = undefined;
  }

  /**
   * The report's copy made anew in the background once it is REPORT_REFRESH_MS old (on the console's clock: looked at
   * every third of that), the first as the console starts.
   */
  const refresher: Job = (() => {
    let timer: NodeJS.Timeout | undefined;
    return {
      async start() {
        remake().catch(() => {});
        timer = setInterval(() => {
          if (!copy || deps.now() - copy.at >= REPORT_REFRESH_MS) remake().catch(() => {});
        }, REPORT_REFRESH_MS / 3);
        timer.unref();
      },
      stop() {
        if (timer) clearInterval(timer);
      },
    };
  })();

  /** A site's links with their availability, flaps and timeline over 24 hours, 7 days and 30 days. */
  async function history(site: SiteRow): Promise<{ now: number; links: WanLink[] }> {
    const now = deps.now();
    const events = await deps.wanLinks.events(site.id, new Date(now - WINDOW_MS.month));
    const knownUntil = site.lastPushAt ? Math.min(now, site.lastPushAt.getTime() + WAN_STALE_AFTER_MS) : 0;
    const wans = [...new Set([...site.links.map((l) => l.wan), ...events.map((e) => e.wan)])].sort();
    const links = wans.map((wan): WanLink => {
      const own = events.filter((e) => e.wan === wan).map((e) => ({ ...e, at: e.at.getTime() }));
      const latest = site.links.find((l) => l.wan === wan);
      const last = own[own.length - 1];
      const per = (w: HistoryWindow) => timeline(own, now - WINDOW_MS[w], now, knownUntil);
      const segments = { day: per('day'), week: per('week'), month: per('month') };
      const state: LinkState = latest && now <= knownUntil ? (latest.up ? 'up' : 'down') : 'unknown';
      return {
        wan,
        provider: latest?.provider ?? last?.provider ?? '',
        ip: latest?.ip ?? last?.ip ?? '',
        state,
        uptime: state === 'unknown' ? null : (latest?.uptime ?? null),
        since: state === 'unknown' ? Math.min(knownUntil, now) || null : (latest?.since.getTime() ?? null),
        availability: {
          day: availability(segments.day),
          week: availability(segments.week),
          month: availability(segments.month),
        },
        flaps: flaps(own, now - DAY_MS, now),
        timeline: segments,
      };
    });
    return { now, links };
  }

  /** The report's rows, worked out a slice at a time. */
  async function rows(sites: SiteRow[], now = deps.now()): Promise<CustomerInfo[]> {
    if (sites.length === 0) return [];
    const aps = await accessPoints();
    const out: CustomerInfo[] = [];
    for (let i = 0; i < sites.length; i += SLICE) {
      if (i > 0) await turn();
      for (const s of sites.slice(i, i + SLICE)) out.push(row(s, aps, now));
    }
    return out;
  }

  return {
    record,

    refresher,

    /** A router's push, made now (its token checked before: deviceTokens.service). */
    push: (body: CustomerPush): Promise<CustomerPushResult> => record(body, deps.now()),

    /** The report: every site, or the sites of one service group (`ALL`: every group); a few seconds behind. */
    async list(group?: string): Promise<CustomerInfo[]> {
      const all = (await current()).rows;
      return group === undefined || group === 'ALL' ? all : all.filter((r) => r.groupClient === group);
    },

    /**
     * The same as JSON, plain and gzipped: written once per copy of the report and group, whoever reads it (10,000
     * sites are 5 MB of JSON, a tenth of that gzipped).
     */
    async listEncoded(group = 'ALL'): Promise<Encoded> {
      const copy = await current();
      let out = copy.out.get(group);
      if (!out) {
        out = await encode(copy.rows.filter((r) => r.groupClient === group));
        if (copy.out.size < 100) copy.out.set(group, out);
      }
      return out;
    },

    /** One site with each link's availability, flaps and timeline over 24 hours, 7 days and 30 days. */
    async detail(id: number): Promise<CustomerDetail> {
      const site = await deps.wanLinks.find(id);
      if (!site) throw new NotFoundError('customerSiteNotFound');
      const [info] = await rows([site]);
      if (!info) throw new NotFoundError('customerSiteNotFound');
      return { ...info, ...(await history(site)) };
    },

    history,

    groups: async () => (await deps.wanLinks.groups()).map((groupName) => ({ groupName })),

    /** Registers a site by hand (its router has not pushed yet); 409 when it is in the report. */
    async create(sitename: string, groupName: string, ctx: RequestContext): Promise<CustomerInfo> {
      const [name, group] = [sitename.trim(), groupName.trim()];
      const id = await deps.wanLinks.create(name, group, (tx, made) =>
        deps.audit.record(
          'wanLink.site.create',
          ctx,
          { target: `customerSite:${made}`, details: { sitename: name, group } },
          tx,
        ),
      );
      if (id === undefined) throw new ConflictError('customerSiteTaken', 'sitename');
      drop();
      const site = await deps.wanLinks.find(id);
      if (!site) throw new NotFoundError('customerSiteNotFound');
      const [info] = await rows([site]);
      return info as CustomerInfo;
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      const removed = await deps.wanLinks.remove(id, (tx, sitename) =>
        deps.audit.record('wanLink.site.delete', ctx, { target: `customerSite:${id}`, details: { sitename } }, tx),
      );
      if (!removed) throw new NotFoundError('customerSiteNotFound');
      drop();
    },

    /** A site's WAN links as the terminal's host picker lists them: provider and address of each link with both. */
    async devicesInfo(name: string): Promise<NameValue[]> {
      const site = await deps.wanLinks.findByName(name);
      return (site?.links ?? [])
        .filter((l) => !noLink(l.provider) && l.ip)
        .map((l) => ({ name: l.provider, value: l.ip }));
    },

    /** A site's WAN links as its router pushed them, by link number (the terminal's hosts from pushes). */
    async pushedLinks(name: string): Promise<{ wan: number; ip: string }[]> {
      const site = await deps.wanLinks.findByName(name);
      return (site?.links ?? []).filter((l) => !noLink(l.provider) && l.ip).map((l) => ({ wan: l.wan, ip: l.ip }));
    },
  };
}

export type WanLinksService = ReturnType<typeof createWanLinksService>;
