import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import { createSitesRepository } from './sites.repository.ts';
import { sitesRoutes } from './sites.routes.ts';
import { createSitesService } from './sites.service.ts';

/** Site names (a site's description and its controller short name) and who may see which site. */
export function sitesModule(core: Core, deps: { controller: ControllerProvider }) {
  const service = createSitesService({ sites: createSitesRepository(core.db), audit: core.audit, ...deps });
  const routes: Area['routes'] = async (api) => sitesRoutes(api, { sites: service });
  return { service, routes };
}
