import { WAN_PUSH_INTERVAL_MS } from '@it4u/shared';
import type { CustomerPush } from '@it4u/shared/api';
import type { EventRow, LinkRow, WanLinksRepository } from './wanLinks.repository.ts';
import { decide, pushedLinks } from './wanLinks.service.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const PROVIDERS = ['VNPT', 'Viettel', 'FPT', 'CMC'] as const;
const GROUPS = ['FTTH', 'Leased line', 'Wifi Marketing'] as const;

/** What the demo's router k pushes at t: its links, and whether it pushes at all (one site has gone quiet). */
export function demoPush(sitename: string, k: number, t: number, startedAt: number): CustomerPush | undefined {
  // site 1 stopped pushing two hours before the console started
  if (k === 1 && t > startedAt - 2 * HOUR_MS) return undefined;
  const body: Record<string, unknown> = { sitename, groupClient: GROUPS[k % GROUPS.length] };
  const wans = 2 + (k % 2);
  for (let n = 1; n <= wans; n++) {
    let provider: string = PROVIDERS[(k + n - 1) % PROVIDERS.length] as string;
    let ip = `${14 + k}.${160 + n}.${(k * 7) % 250}.${10 + n}`;
    // site 2 changed its second provider three days before the start
    if (k === 2 && n === 2 && t >= startedAt - 3 * DAY_MS) {
      provider = 'Viettel';
      ip = `27.72.${k}.${20 + n}`;
    }
    // site 0's second link drops for ten minutes at the start of every hour
    const flapping = k === 0 && n === 2 && t % HOUR_MS < 10 * 60_000;
    // site 3's first link has been down for the last half hour
    const downNow = k === 3 && n === 1 && t > startedAt - 30 * 60_000;
    const up = !flapping && !downNow;
    body[`wan${n}Provider`] = provider;
    body[`wan${n}Ip`] = ip;
    body[`wan${n}Status`] = up ? 1 : 0;
    body[`wan${n}Uptime`] = up ? Math.floor((t % (9 * DAY_MS)) / 1000) : 0;
  }
  body.uptimeLb = Math.floor((t % (20 * DAY_MS)) / 1000);
  return body as CustomerPush;
}

/**
 * With the demo controller, the console plays the routers of the demo sites, so the report has content on the
 * first start: thirty days of pushes every 4 minutes worked out at once (the same rules as real pushes), then a push
 * every 4 minutes. One link flaps every hour, one site went quiet, one changed provider, one link is down now.
 */
export function createDemoRouters(deps: {
  wanLinks: WanLinksRepository;
  /** the demo sites' names (descriptions in the site names) */
  sitenames: () => Promise<string[]>;
  /** records a push made at `at`, as a router's would be */
  record: (body: CustomerPush, at: number) => Promise<unknown>;
  now: () => number;
  /** how many of the sites get a router (default 6) */
  sites?: number;
  /** which demo router the site at this place plays (default: its own) */
  site?: (index: number) => number;
  /** whether the demo controller is still the one in use: once it is not, the routers stop */
  inUse?: () => Promise<boolean>;
}) {
  let timer: NodeJS.Timeout | undefined;
  const count = deps.sites ?? 6;

  /** The history of one demo site up to `until`, as the pushes every 4 minutes would have left it. */
  function history(sitename: string, k: number, from: number, until: number, startedAt: number) {
    let links: LinkRow[] = [];
    let previous: Date | null = null;
    let last: CustomerPush | undefined;
    const events: EventRow[] = [];
    for (let t = from; t <= until; t += WAN_PUSH_INTERVAL_MS) {
      const body = demoPush(sitename, k, t, startedAt);
      if (!body) continue;
      const at = new Date(t);
      const next = decide(links, previous, pushedLinks(body), at);
      events.push(...next.events);
      links = next.links;
      previous = at;
      last = body;
    }
    return { links, events, last, lastPush: previous };
  }

  return {
    async start(): Promise<void> {
      const names = (await deps.sitenames()).slice(0, count);
      const startedAt = deps.now();
      const known = new Set((await deps.wanLinks.list()).map((s) => s.sitename));
      for (const [k, sitename] of names.entries()) {
        if (known.has(sitename)) continue;
        const h = history(sitename, deps.site?.(k) ?? k, startedAt - 30 * DAY_MS, startedAt, startedAt);
        if (!h.last || !h.lastPush) continue;
        await deps.wanLinks.seed(
          {
            sitename,
            groupName: h.last.groupClient ?? '',
            uptimeLb: h.last.uptimeLb ?? null,
            lastPushAt: h.lastPush,
          },
          h.links,
          h.events,
        );
      }
      timer = setInterval(async () => {
        if (deps.inUse && !(await deps.inUse().catch(() => true))) {
          clearInterval(timer);
          return;
        }
        const at = deps.now();
        for (const [k, sitename] of names.entries()) {
          const body = demoPush(sitename, deps.site?.(k) ?? k, at, startedAt);
          if (body) deps.record(body, at).catch(() => {});
        }
      }, WAN_PUSH_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
