import type { BlockedDevice, ConnectedDevice } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Actor } from '../../lib/context.ts';
import type { SitesService } from '../sites/sites.service.ts';

/** The devices connected to a site and its block list, through the controller in use. */
export function createDevicesService(deps: { controller: ControllerProvider; sites: SitesService }) {
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.controller.require();
  }

  return {
    connected: async (actor: Actor, site: string): Promise<ConnectedDevice[]> =>
      (await forSite(actor, site)).connectedDevices(site),
    blocked: async (actor: Actor, site: string): Promise<BlockedDevice[]> =>
      (await forSite(actor, site)).blockedDevices(site),
    async setBlocked(actor: Actor, site: string, mac: string, blocked: boolean): Promise<void> {
      await (await forSite(actor, site)).setBlocked(site, mac, blocked);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
