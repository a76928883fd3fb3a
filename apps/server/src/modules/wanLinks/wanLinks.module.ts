import { WAN_STALE_AFTER_MS } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { checkZabbix, type ZabbixConfig } from '../../integrations/zabbix/zabbix.client.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import { createDeviceTokensRepository } from './deviceTokens.repository.ts';
import { createDeviceTokensService } from './deviceTokens.service.ts';
import { createDemoRouters } from './wanLinks.demo.ts';
import { createWanLinksRepository } from './wanLinks.repository.ts';
import { createHistoryPruning } from './wanLinks.retention.ts';
import { wanLinksRoutes } from './wanLinks.routes.ts';
import { createWanLinksService } from './wanLinks.service.ts';

/** What the providers' availability reads of the customer report: the sites and their links' changes. */
export type WanLinksOfSla = ReturnType<typeof wanLinksModule>['ofSla'];

/** What a customer's page reads of the customer report. */
export type WanLinksOfCustomer = ReturnType<typeof wanLinksModule>['ofCustomer'];

/**
 * The customer report: WAN telemetry pushed by customer sites' routers (latest state, history, stale sites), the
 * access points the controller counts, its metrics for Prometheus, the Zabbix check, and each site's own device
 * token.
 */
export function wanLinksModule(
  core: Core,
  deps: {
    /** every controller's sites with their health, by the console's site name */
    siteHealth: (ttlMs: number) => Promise<{ bySite: Map<string, unknown> }>;
    /** the shared device token of the Parameter tab (tokenDev) and whether it is accepted */
    sharedDeviceToken: () => Promise<{ token: string; enabled: boolean }>;
    /** every site of the site names (a push's name is checked against all of a site's names) */
    siteNames: () => Promise<{ id: number; sitename: string; idname: string }[]>;
    now?: () => number;
    zabbix?: ZabbixConfig;
    metrics: Registry;
    /** with the demo controller: the demo sites' names, whose routers the console plays */
    demoSites?: () => Promise<string[]>;
    /** whether the demo controller is still the one in use (the demo routers stop once it is not) */
    demoInUse?: () => Promise<boolean>;
    log?: () => FastifyBaseLogger | undefined;
  },
) {
  const wanLinks = createWanLinksRepository(core.db);
  const service = createWanLinksService({
    audit: core.audit,
    wanLinks,
    siteHealth: deps.siteHealth,
    now: deps.now ?? Date.now,
  });
  const now = deps.now ?? Date.now;
  const deviceTokens = createDeviceTokensService({
    tokens: createDeviceTokensRepository(core.db),
    wanLinks,
    audit: core.audit,
    shared: deps.sharedDeviceToken,
    siteNames: deps.siteNames,
    now,
  });
  // one read of the sites' latest state a scrape, whichever gauge asks first (both are collected at once)
  let reading: ReturnType<typeof wanLinks.latest> | undefined;
  const latest = () => {
    reading ??= wanLinks.latest().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const isStale = (lastPushAt: Date | null, at: number) =>
    lastPushAt === null || at - lastPushAt.getTime() > WAN_STALE_AFTER_MS;

  // Per site and link: its status (1 up, 0 down, NaN unknown), and the seconds since each site's last push; read from
  // the sites' latest state at each scrape (not the report's copy, which is some seconds behind).
  new Gauge({
    name: 'it4u_wan_link_status',
    help: 'A WAN link of a customer site: 1 up, 0 down, NaN unknown (no push for 12 minutes)',
    labelNames: ['site', 'group', 'wan', 'provider'],
    registers: [deps.metrics],
    async collect() {
      const sites = await latest();
      const at = now();
      this.reset();
      for (const site of sites) {
        const stale = isStale(site.lastPushAt, at);
        for (const link of site.links) {
          if (!link.provider) continue;
          this.set(
            { site: site.sitename, group: site.groupName, wan: String(link.wan), provider: link.provider },
            stale ? Number.NaN : link.up ? 1 : 0,
          );
        }
      }
    },
  });
  new Gauge({
    name: 'it4u_wan_push_age_seconds',
    help: "Seconds since a customer site's router last pushed (NaN: never)",
    labelNames: ['site'],
    registers: [deps.metrics],
    async collect() {
      const sites = await latest();
      const at = now();
      this.reset();
      for (const site of sites) {
        const last = site.lastPushAt?.getTime();
        this.set({ site: site.sitename }, last === undefined ? Number.NaN : Math.max(0, (at - last) / 1000));
      }
    },
  });

  const routes: Area['routes'] = async (api) =>
    wanLinksRoutes(api, { wanLinks: service, deviceTokens, zabbix: () => checkZabbix(deps.zabbix) });
  const pruning = createHistoryPruning({
    wanLinks,
    now,
    onError: (err) => deps.log?.()?.warn({ err }, 'the WAN links history could not be pruned'),
    timed: (run) => core.ops.job('wanPruning', run),
  });
  const jobs: Job[] = [service.refresher, pruning, deviceTokens.flusher];
  if (deps.demoSites)
    jobs.push(
      createDemoRouters({ wanLinks, sitenames: deps.demoSites, record: service.record, now, inUse: deps.demoInUse }),
    );
  const ofCustomer = {
    /** the customer sites of some sites of the site names, by their short names */
    ofSites: wanLinks.ofSites,
    /** a customer site's links with their availability and timeline */
    history: service.history,
    changesBefore: wanLinks.changesBefore,
  };
  const ofSla = { all: () => wanLinks.list(), periodChanges: wanLinks.periodChanges };
  const forSearch = { searchFolded: wanLinks.searchFolded };
  return { service, deviceTokens, routes, jobs, pruning, ofCustomer, ofSla, forSearch };
}
