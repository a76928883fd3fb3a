import type { Area, Core } from '../../lib/module.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { channelsRoutes } from './channels.routes.ts';
import { createChannelsService } from './channels.service.ts';

/** The register of leased transmission channels: providers, service packs, channels, details and history. */
export function channelsModule(core: Core, deps: { contracts: ContractsForRecords }) {
  const channels = createChannelsRepository(core.db);
  const service = createChannelsService({ channels, contracts: deps.contracts, audit: core.audit });
  const routes: Area['routes'] = async (api) =>
    channelsRoutes(api, { channels: service, sheetLimits: core.sheetLimits });
  return { service, routes };
}
