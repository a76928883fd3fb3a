import { Gauge, type Registry } from 'prom-client';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { checkZabbix, type ZabbixConfig } from '../../integrations/zabbix/zabbix.client.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import { createReadCache } from '../../lib/readCache.ts';
import { createDemoRouters } from './customers.demo.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { customersRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';

/**
 * The customer report: WAN telemetry pushed by customer sites' routers (latest state, history, stale sites), the
 * access points the controller counts, its metrics for Prometheus, and the Zabbix check.
 */
export function customersModule(
  core: Core,
  deps: {
    controller: ControllerProvider;
    deviceToken: () => Promise<string>;
    now?: () => number;
    zabbix?: ZabbixConfig;
    metrics: Registry;
    /** with the demo controller: the demo sites' names, whose routers the console plays */
    demoSites?: () => Promise<string[]>;
  },
) {
  const customers = createCustomersRepository(core.db);
  const service = createCustomersService({
    customers,
    controller: deps.controller,
    deviceToken: deps.deviceToken,
    now: deps.now ?? Date.now,
  });
  const now = deps.now ?? Date.now;
  // one read of the report a scrape, whichever gauge asks first
  const scraped = createReadCache(1_000);
  const report = () => scraped.get('all', () => service.list());

  // Per site and link: its status (1 up, 0 down, NaN unknown), and the seconds since each site's last push.
  new Gauge({
    name: 'it4u_wan_link_status',
    help: 'A WAN link of a customer site: 1 up, 0 down, NaN unknown (no push for 12 minutes)',
    labelNames: ['site', 'group', 'wan', 'provider'],
    registers: [deps.metrics],
    async collect() {
      this.reset();
      for (const row of await report()) {
        for (const n of [1, 2, 3, 4] as const) {
          const provider = row[`wan${n}Provider`];
          if (!provider) continue;
          const status = row[`wan${n}Status`];
          this.set({ site: row.sitename, group: row.groupClient, wan: String(n), provider }, status ?? Number.NaN);
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
      this.reset();
      const at = now();
      for (const row of await report()) {
        this.set({ site: row.sitename }, row.lastPush === null ? Number.NaN : Math.max(0, (at - row.lastPush) / 1000));
      }
    },
  });

  const routes: Area['routes'] = async (api) =>
    customersRoutes(api, { customers: service, zabbix: () => checkZabbix(deps.zabbix) });
  const jobs: Job[] = deps.demoSites
    ? [createDemoRouters({ customers, sitenames: deps.demoSites, record: service.record, now })]
    : [];
  return { service, routes, jobs };
}
