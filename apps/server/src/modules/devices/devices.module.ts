import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { devicesRoutes } from './devices.routes.ts';
import { createDevicesService } from './devices.service.ts';

/** Connected devices and the block list of a site (on the controller; nothing is stored here). */
export function devicesModule(core: Core, deps: { sites: SitesService }) {
  const service = createDevicesService({ ...deps, audit: core.audit });
  const routes: Area['routes'] = async (api) => devicesRoutes(api, { devices: service });
  return { service, routes };
}
