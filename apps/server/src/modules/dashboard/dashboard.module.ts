import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area } from '../../lib/module.ts';
import type { ContractCounts } from '../contracts/contracts.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * The site dashboards and the overview: read from the controller through its shared cache, nothing stored; the
 * customers per segment from the contracts register's counts.
 */
export function dashboardModule(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  contracts: ContractCounts;
  now?: () => number;
  /** how long after its start the overview answers, without access points lists not read by then (ms) */
  overviewBudgetMs?: number;
}) {
  const service = createDashboardService({
    controller: deps.controller,
    sites: deps.sites,
    contracts: deps.contracts,
    now: deps.now ?? Date.now,
    overviewBudgetMs: deps.overviewBudgetMs ?? 200,
  });
  const routes: Area['routes'] = async (api) => dashboardRoutes(api, { dashboard: service });
  return { service, routes };
}
