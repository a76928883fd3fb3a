import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { SplashService } from '../splash/splash.service.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import { portalRoutes } from './portal.routes.ts';
import { createPortalService } from './portal.service.ts';

/** The guest login page every site's guests see (public, at /guest/s/{site}/). */
export function portalModule(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  splash: SplashService;
  vouchers: VouchersService;
  now?: () => number;
  /** the console's public IPv4 address (PORTAL_ADDRESS): only sites whose portal points there let guests in */
  portalAddress?: string;
  /** where people reach the console (PUBLIC_URL): the page's forms may be posted from there */
  publicUrl?: string;
}) {
  const service = createPortalService({ ...deps, now: deps.now ?? Date.now, portalAddress: deps.portalAddress ?? '' });
  const routes: Area['routes'] = async (root) => portalRoutes(root, { portal: service, publicUrl: deps.publicUrl });
  return { service, routes };
}
