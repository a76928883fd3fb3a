import type { Area } from '../../lib/module.ts';
import { slaRoutes } from './sla.routes.ts';
import { createSlaService } from './sla.service.ts';

/**
 * Providers and customers against their contracts: nothing stored yet; the WAN links' history read through the
 * customer report's face and measured per provider, customer and link.
 */
export function slaModule(deps: Parameters<typeof createSlaService>[0]) {
  const service = createSlaService(deps);
  const routes: Area['routes'] = async (api) => slaRoutes(api, { sla: service });
  return { service, routes };
}
