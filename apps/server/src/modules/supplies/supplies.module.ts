import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { createSuppliesRepository } from './supplies.repository.ts';
import { suppliesRoutes } from './supplies.routes.ts';
import { createSuppliesService } from './supplies.service.ts';

/** The supplies warehouse: catalogue, stock in, stock out, report, spreadsheets. */
export function suppliesModule(core: Core, deps: { contracts: ContractsForRecords }) {
  const service = createSuppliesService({
    supplies: createSuppliesRepository(core.db),
    contracts: deps.contracts,
    audit: core.audit,
  });
  const routes: Area['routes'] = async (api) =>
    suppliesRoutes(api, { supplies: service, sheetLimits: core.sheetLimits });
  return { service, routes };
}
