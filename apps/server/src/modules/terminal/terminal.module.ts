import type { Area, Core } from '../../lib/module.ts';
import type { DeviceInfoRepository } from '../deviceinfo/deviceInfo.repository.ts';
import { createTerminalRepository } from './terminal.repository.ts';
import { terminalRoutes, terminalSocket } from './terminal.routes.ts';
import { createTerminalService, type TerminalOptions } from './terminal.service.ts';

/** The remote terminal: SSH to the hosts recorded for a customer, audited and recorded. */
export function terminalModule(
  core: Core,
  deps: {
    devices: DeviceInfoRepository;
    siteLinks: (site: string) => Promise<{ name: string; value: string }[]>;
    adminPassword: () => Promise<string>;
    options: TerminalOptions;
    now?: () => number;
  },
) {
  const service = createTerminalService({
    terminal: createTerminalRepository(core.db),
    devices: deps.devices,
    siteLinks: deps.siteLinks,
    adminPassword: deps.adminPassword,
    audit: core.audit,
    secretKey: core.key('secrets'),
    options: deps.options,
    now: deps.now ?? Date.now,
  });
  const routes: Area['routes'] = async (api) => terminalRoutes(api, { terminal: service });
  const socketRoutes: Area['routes'] = async (api) => terminalSocket(api, { terminal: service });
  return { service, routes, socketRoutes };
}
