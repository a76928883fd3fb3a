import type { Area } from '../../lib/module.ts';
import { customersRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';

/**
 * One customer, one page: nothing stored here. It reads each part through the port its area offers (contracts, sites,
 * dashboard, customer report, channels, warehouse, device information, terminal, vouchers, audit trail).
 */
export function customersModule(deps: Parameters<typeof createCustomersService>[0]) {
  const service = createCustomersService(deps);
  const routes: Area['routes'] = async (api) => customersRoutes(api, { customers: service });
  return { service, routes };
}
