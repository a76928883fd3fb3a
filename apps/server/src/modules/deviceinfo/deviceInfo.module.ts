import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createDeviceInfoRepository } from './deviceInfo.repository.ts';
import { deviceInfoRoutes } from './deviceInfo.routes.ts';
import { createDeviceInfoService, type HostApprovals } from './deviceInfo.service.ts';

/** Customer device information: WAN links, load balancer, other device, their passwords encrypted. */
export function deviceInfoModule(
  core: Core,
  deps: { contracts: ContractsForRecords; sites: SitesService; approvals: () => HostApprovals },
) {
  const repository = createDeviceInfoRepository(core.db);
  const service = createDeviceInfoService({
    devices: repository,
    approvals: deps.approvals,
    contracts: deps.contracts,
    sites: deps.sites,
    audit: core.audit,
    secretKey: core.key('secrets'),
  });
  const routes: Area['routes'] = async (api) =>
    deviceInfoRoutes(api, { devices: service, sheetLimits: core.sheetLimits });
  /**
   * What the remote terminal reads: a row (its addresses, site, customer), its stored (encrypted) passwords, and the
   * labels (customer, site) of the rows its approvals name.
   */
  const forTerminal = { find: repository.find, secrets: repository.secrets, labels: repository.labels };
  const ofCustomer = { ofContract: repository.ofContract };
  return { service, repository, routes, forTerminal, ofCustomer };
}

/** The face the remote terminal is given. */
export type DeviceInfoForTerminal = ReturnType<typeof deviceInfoModule>['forTerminal'];
/** What a customer's page reads of the register: the customer's rows (secrets masked, as the register shows them). */
export type DeviceInfoOfCustomer = ReturnType<typeof deviceInfoModule>['ofCustomer'];
