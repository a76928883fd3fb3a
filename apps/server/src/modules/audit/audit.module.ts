import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { type AuditRepository, createAuditRepository } from './audit.repository.ts';

/** What a customer's timeline reads of the trail: the lines about its contract, sites and rows. */
export type AuditOfCustomer = Pick<AuditRepository, 'about'>;

import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/**
 * The audit trail's screen: every area writes its lines through the core (lib/audit.ts); this area reads them for
 * administrators and lead technicians, filtered and exported.
 */
export function auditModule(
  core: Core,
  deps: { contracts: ContractsForRecords; sites: Pick<SitesService, 'assertAccess'> },
) {
  const repository = createAuditRepository(core.db);
  const service = createAuditService({
    audit: repository,
    contracts: deps.contracts,
    sites: deps.sites,
  });
  const routes: Area['routes'] = async (api) => auditRoutes(api, { audit: service });
  const ofCustomer: AuditOfCustomer = { about: repository.about };
  return { service, routes, ofCustomer };
}
