import type { StockRecord } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import { dueJob } from '../../lib/dueJob.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import type { SiteHealth } from '../sites/sites.service.ts';
import { createDemoWarehouse } from './supplies.demo.ts';
import { createReconciliation } from './supplies.reconcile.ts';
import { createSuppliesRepository } from './supplies.repository.ts';
import { suppliesRoutes } from './supplies.routes.ts';
import { createSuppliesService } from './supplies.service.ts';
import { createSightingsRepository } from './supplies.sightings.ts';

/** What a customer's page reads of the warehouse: the stock-outs of a contract, newest first, before a time. */
export type StockOfCustomer = {
  stockOuts: (contractId: number, limit: number, before?: number) => Promise<StockRecord[]>;
};

/**
 * The supplies warehouse: catalogue, stock in, stock out, report, spreadsheets; and its reconciliation with the
 * network (the controllers' devices read every `sightingsEveryMs`, once across instances).
 */
export function suppliesModule(
  core: Core,
  deps: {
    contracts: ContractsForRecords;
    /** every controller's sites and where each is read (the sites area) */
    health: (ttlMs: number) => Promise<SiteHealth>;
    now?: () => number;
    /** how often the devices are read (ms); 0 or none: never on their own (tests scan themselves) */
    sightingsEveryMs?: number;
    log?: () => FastifyBaseLogger;
  },
) {
  const now = deps.now ?? Date.now;
  const supplies = createSuppliesRepository(core.db);
  const service = createSuppliesService({
    supplies,
    contracts: deps.contracts,
    audit: core.audit,
  });
  const every = deps.sightingsEveryMs ?? 0;
  const sightings = createSightingsRepository(core.db);
  const reconciliation = createReconciliation({
    sightings,
    records: service,
    audit: core.audit,
    leases: core.leases,
    health: deps.health,
    now,
    everyMs: every || undefined,
  });
  const routes: Area['routes'] = async (api) =>
    suppliesRoutes(api, { supplies: service, reconciliation, sheetLimits: core.sheetLimits });
  const scans = dueJob({
    runDue: async () => {
      await core.ops.job('sightings', () => reconciliation.scanDue());
      return now() + every;
    },
    lookAgainMs: every,
    firstAfterMs: Math.min(every, 10_000),
    now,
    onError: (err) => deps.log?.()?.warn({ err }, "the controllers' devices could not be read"),
  });
  // on stop, a scan under way gives up at its next site rather than hold the shutdown for the rest of the fleet
  const jobs: Job[] =
    every > 0
      ? [
          {
            start: scans.start,
            stop: () => {
              reconciliation.stop();
              return scans.stop();
            },
          },
        ]
      : [];
  const ofCustomer: StockOfCustomer = {
    stockOuts: (contractId, limit, before) => supplies.recordRows('out', { contractId, before, offset: 0, limit }),
  };
  const forSearch = { searchOut: supplies.searchOut, searchDevices: sightings.searchDevices };
  /** what the alerts read: the items below their minimum stock */
  const forAlerts = { belowMinimum: () => supplies.belowMinimum() };
  /** the demo's warehouse, made on a first start and removed with the demo */
  const forDemo = createDemoWarehouse(core.db, supplies);
  return { service, reconciliation, routes, jobs, ofCustomer, forSearch, forAlerts, forDemo };
}
