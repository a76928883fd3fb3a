import type { ControllerConfig } from '../../integrations/unifi/unifi.client.ts';
import { createControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import { signInTo } from './controllers.outcome.ts';
import { createSharedReads } from './controllers.reads.ts';
import { createControllersRepository } from './controllers.repository.ts';
import { controllersRoutes } from './controllers.routes.ts';
import { createControllersService } from './controllers.service.ts';

/**
 * The UniFi controllers: their rows (the Parameter tab's list), their states, and the provider every area calls a
 * controller through (the configured ones, else the demo controller `npm start` runs, else none).
 */
export function controllersModule(
  core: Core,
  opts: {
    demoController?: ControllerConfig;
    controllerTtlMs?: number;
    now?: () => number;
    /** how many sites each controller has: the sites area's count, bound once it exists */
    siteCounts: () => Promise<Map<number, number>>;
    /** share the controllers' windowed reads with the other instances on this database (PostgreSQL) */
    shareReads?: boolean;
  },
) {
  const service = createControllersService({
    repository: createControllersRepository(core.db),
    audit: core.audit,
    secretKey: core.key('secrets'),
    provider: () => provider,
    now: opts.now ?? Date.now,
    siteCounts: opts.siteCounts,
    signIn: signInTo,
  });
  const provider = createControllerProvider({
    configured: () => service.configs(),
    demo: opts.demoController,
    ttlMs: opts.controllerTtlMs,
    shared: opts.shareReads ? createSharedReads(core.db) : undefined,
    ops: core.ops,
  });
  const routes: Area['routes'] = async (api) => controllersRoutes(api, { controllers: service });
  return { service, provider, routes };
}
