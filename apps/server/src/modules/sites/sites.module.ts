import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import { createSitesRepository } from './sites.repository.ts';
import { sitesRoutes } from './sites.routes.ts';
import { createSitesService } from './sites.service.ts';

/** Site names (a site's description and its controller short name) and who may see which site. */
export function sitesModule(
  core: Core,
  deps: {
    controller: ControllerProvider;
    /** each site's customers and contract numbers, by site id (the contracts area's, bound once it exists) */
    owners: () => Promise<Map<number, { customers: string[]; contracts: string[] }>>;
  },
) {
  const repository = createSitesRepository(core.db);
  const service = createSitesService({
    sites: repository,
    audit: core.audit,
    controller: deps.controller,
    timed: (run) => core.ops.job('siteSync', run),
  });
  const routes: Area['routes'] = async (api) => sitesRoutes(api, { sites: service, owners: deps.owners });
  const forSearch = { searchFolded: repository.searchFolded };
  return { service, routes, forSearch };
}
