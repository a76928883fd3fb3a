import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createContractsRepository } from './contracts.repository.ts';
import { contractsRoutes } from './contracts.routes.ts';
import { createContractsService } from './contracts.service.ts';

/** The contracts register: customers' contracts and the sites they cover. */
export function contractsModule(core: Core, deps: { sites: SitesService }) {
  const repository = createContractsRepository(core.db);
  const service = createContractsService({ contracts: repository, sites: deps.sites });
  const routes: Area['routes'] = async (api) => contractsRoutes(api, { contracts: service });
  return { repository, service, routes };
}
