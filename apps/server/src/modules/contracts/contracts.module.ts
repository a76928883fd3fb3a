import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { type ContractsRepository, createContractsRepository } from './contracts.repository.ts';
import { contractsRoutes } from './contracts.routes.ts';
import { createContractsService } from './contracts.service.ts';

/**
 * What the areas whose rows name a contract (supplies, channels, device information) use of the register: a contract
 * by id, by contract number (read, or made by an import, in the caller's transaction) and by site. Their queries join
 * the contract with `contractRefs.ts`.
 */
export type ContractsForRecords = Pick<ContractsRepository, 'find' | 'byNumbers' | 'insertNumbers' | 'bySite'>;

/** What the dashboard counts of the register: its customers per segment. */
export type ContractCounts = Pick<ContractsRepository, 'segmentCounts'>;

/** What the site selectors search of the register: each site's customers and contract numbers. */
export type SiteOwnersOf = Pick<ContractsRepository, 'ownersBySite'>;

/** What the customers' pages read of the register: a contract, and the contracts a caller may list. */
export type ContractsOfCustomers = Pick<ContractsRepository, 'find' | 'page'>;

/** The contracts register: customers' contracts and the sites they cover. */
export function contractsModule(core: Core, deps: { sites: SitesService }) {
  const repository = createContractsRepository(core.db);
  const service = createContractsService({ contracts: repository, sites: deps.sites, audit: core.audit });
  const forRecords: ContractsForRecords = {
    find: (id) => repository.find(id),
    byNumbers: (numbers, within) => repository.byNumbers(numbers, within),
    insertNumbers: (values, within) => repository.insertNumbers(values, within),
    bySite: (site) => repository.bySite(site),
  };
  const counts: ContractCounts = { segmentCounts: () => repository.segmentCounts() };
  const owners: SiteOwnersOf = { ownersBySite: () => repository.ownersBySite() };
  const routes: Area['routes'] = async (api) => contractsRoutes(api, { contracts: service });
  const ofCustomers: ContractsOfCustomers = {
    find: (id) => repository.find(id),
    page: (q, offset, limit, ownSites) => repository.page(q, offset, limit, ownSites),
  };
  const forSearch = { searchFolded: repository.searchFolded, page: repository.page };
  /** what the alerts read: the customer of each site */
  const forAlerts = { contractBySite: () => repository.contractBySite() };
  return { service, forRecords, counts, owners, ofCustomers, forSearch, forAlerts, routes };
}
