import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The site dashboards and the overview: read from the controller through its shared cache, nothing stored. */
export function dashboardModule(
  core: Core,
  deps: { controller: ControllerProvider; sites: SitesService; now?: () => number },
) {
  const service = createDashboardService({
    db: core.db,
    controller: deps.controller,
    sites: deps.sites,
    now: deps.now ?? Date.now,
  });
  const routes: Area['routes'] = async (api) => dashboardRoutes(api, { dashboard: service });
  return { service, routes };
}
