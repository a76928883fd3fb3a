import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { vouchersRoutes } from './vouchers.routes.ts';
import { createVouchersService } from './vouchers.service.ts';

/** Hotspot vouchers: create, list, print, revoke (on the controller; nothing is stored here). */
export function vouchersModule(deps: { controller: ControllerProvider; sites: SitesService }) {
  const service = createVouchersService(deps);
  const routes: Area['routes'] = async (api) => vouchersRoutes(api, { vouchers: service });
  return { service, routes };
}
