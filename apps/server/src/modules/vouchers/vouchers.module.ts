import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createVoucherUsesRepository } from './vouchers.repository.ts';
import { vouchersRoutes } from './vouchers.routes.ts';
import { createVouchersService } from './vouchers.service.ts';

/** Hotspot vouchers: create, list, print, revoke (kept on the controller; the uses on the guest page counted here). */
export function vouchersModule(core: Core, deps: { sites: SitesService; now?: () => number }) {
  const service = createVouchersService({
    sites: deps.sites,
    uses: createVoucherUsesRepository(core.db),
    now: deps.now ?? Date.now,
    audit: core.audit,
  });
  const routes: Area['routes'] = async (api) => vouchersRoutes(api, { vouchers: service });
  return { service, routes };
}
