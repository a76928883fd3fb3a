import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { wirelessRoutes } from './wireless.routes.ts';
import { createWirelessService } from './wireless.service.ts';

/** The default hidden networks (WIRELESS_HIDDEN): the operator's own. */
export const DEFAULT_HIDDEN_WLANS = 'tps tpcoms';

/** Wifi groups, wireless networks, new sites and the hotspot login of a site (on the controller). */
export function wirelessModule(
  core: Core,
  deps: {
    controller: ControllerProvider;
    sites: SitesService;
    hiddenPattern?: string;
    portalAddress?: string;
  },
) {
  const service = createWirelessService({
    ...deps,
    hiddenPattern: deps.hiddenPattern ?? DEFAULT_HIDDEN_WLANS,
    portalAddress: deps.portalAddress ?? '',
    audit: core.audit,
  });
  const routes: Area['routes'] = async (api) => wirelessRoutes(api, { wireless: service });
  return { service, routes };
}
