import type { Area, Core } from '../../lib/module.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createDeviceInfoRepository } from './deviceInfo.repository.ts';
import { deviceInfoRoutes } from './deviceInfo.routes.ts';
import { createDeviceInfoService } from './deviceInfo.service.ts';

/** Customer device information: WAN links, load balancer, other device, their passwords encrypted. */
export function deviceInfoModule(core: Core, deps: { contracts: ContractsRepository; sites: SitesService }) {
  const repository = createDeviceInfoRepository(core.db);
  const service = createDeviceInfoService({
    devices: repository,
    contracts: deps.contracts,
    sites: deps.sites,
    audit: core.audit,
    secretKey: core.key('secrets'),
  });
  const routes: Area['routes'] = async (api) =>
    deviceInfoRoutes(api, { devices: service, sheetLimits: core.sheetLimits });
  return { service, repository, routes };
}
