import type { StockRecord } from '@it4u/shared';
import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { createSuppliesRepository } from './supplies.repository.ts';
import { suppliesRoutes } from './supplies.routes.ts';
import { createSuppliesService } from './supplies.service.ts';

/** What a customer's page reads of the warehouse: the stock-outs of a contract, newest first, before a time. */
export type StockOfCustomer = {
  stockOuts: (contractId: number, limit: number, before?: number) => Promise<StockRecord[]>;
};

/** The supplies warehouse: catalogue, stock in, stock out, report, spreadsheets. */
export function suppliesModule(core: Core, deps: { contracts: ContractsForRecords }) {
  const supplies = createSuppliesRepository(core.db);
  const service = createSuppliesService({
    supplies,
    contracts: deps.contracts,
    audit: core.audit,
  });
  const routes: Area['routes'] = async (api) =>
    suppliesRoutes(api, { supplies: service, sheetLimits: core.sheetLimits });
  const ofCustomer: StockOfCustomer = {
    stockOuts: (contractId, limit, before) => supplies.recordRows('out', { contractId, before, offset: 0, limit }),
  };
  const forSearch = { searchOut: supplies.searchOut };
  return { service, routes, ofCustomer, forSearch };
}
