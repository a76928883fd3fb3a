import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { type ChannelsRepository, createChannelsRepository } from './channels.repository.ts';
import { channelsRoutes } from './channels.routes.ts';
import { createChannelsService } from './channels.service.ts';

/** What a customer's page reads of the register: the channels of a contract and their history. */
export type ChannelsOfCustomer = Pick<ChannelsRepository, 'ofContract' | 'historyOf'>;

/** What the providers' availability reads of the register: each customer's contracted availability per provider. */
export type ChannelsForSla = Pick<ChannelsRepository, 'packTerms'>;

/** What the alerts read of the register: the channels that went offline or were suspended. */
export type ChannelsForAlerts = Pick<ChannelsRepository, 'downSinceChange'>;

/** The register of leased transmission channels: providers, service packs, channels, details and history. */
export function channelsModule(core: Core, deps: { contracts: ContractsForRecords }) {
  const channels = createChannelsRepository(core.db);
  const service = createChannelsService({ channels, contracts: deps.contracts, audit: core.audit });
  const routes: Area['routes'] = async (api) =>
    channelsRoutes(api, { channels: service, sheetLimits: core.sheetLimits });
  const ofCustomer: ChannelsOfCustomer = {
    ofContract: (contractId, limit) => channels.ofContract(contractId, limit),
    historyOf: (ids, before, limit) => channels.historyOf(ids, before, limit),
  };
  const forSearch = { searchFolded: channels.searchFolded };
  const forSla: ChannelsForSla = { packTerms: () => channels.packTerms() };
  const forAlerts: ChannelsForAlerts = { downSinceChange: () => channels.downSinceChange() };
  return { service, routes, ofCustomer, forSearch, forSla, forAlerts };
}
