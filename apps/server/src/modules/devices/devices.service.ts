import type { BlockedDevice, BlockedDeviceAnswer, ConnectedDevice, ConnectedDeviceAnswer } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Actor } from '../../lib/context.ts';
import type { SitesService } from '../sites/sites.service.ts';

/** A connected device under the spec's names too (the controller's: host name, bytes sent and received). */
const connectedAnswer = (d: ConnectedDevice): ConnectedDeviceAnswer => ({
  ...d,
  hostname: d.name,
  tx_bytes: d.download,
  rx_bytes: d.upload,
});

/** A blocked device with its sightings also as the controller's seconds. */
const blockedAnswer = (d: BlockedDevice): BlockedDeviceAnswer => ({
  ...d,
  first_seen: Math.floor(d.firstSeen / 1000),
  last_seen: Math.floor(d.lastSeen / 1000),
});

/** The devices connected to a site and its block list, through the controller in use. */
export function createDevicesService(deps: { controller: ControllerProvider; sites: SitesService }) {
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.controller.require();
  }

  return {
    connected: async (actor: Actor, site: string): Promise<ConnectedDeviceAnswer[]> =>
      (await (await forSite(actor, site)).connectedDevices(site)).map(connectedAnswer),
    blocked: async (actor: Actor, site: string): Promise<BlockedDeviceAnswer[]> =>
      (await (await forSite(actor, site)).blockedDevices(site)).map(blockedAnswer),
    async setBlocked(actor: Actor, site: string, mac: string, blocked: boolean): Promise<void> {
      await (await forSite(actor, site)).setBlocked(site, mac, blocked);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
