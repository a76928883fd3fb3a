import type { BlockedDevice, BlockedDeviceAnswer, ConnectedDevice, ConnectedDeviceAnswer } from '@it4u/shared';
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

/** The devices connected to a site and its block list, through each site's controller. */
export function createDevicesService(deps: { sites: SitesService }) {
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.sites.onController(site);
  }

  return {
    async connected(actor: Actor, site: string): Promise<ConnectedDeviceAnswer[]> {
      const on = await forSite(actor, site);
      return (await on.controller.connectedDevices(on.site)).map(connectedAnswer);
    },
    async blocked(actor: Actor, site: string): Promise<BlockedDeviceAnswer[]> {
      const on = await forSite(actor, site);
      return (await on.controller.blockedDevices(on.site)).map(blockedAnswer);
    },
    async setBlocked(actor: Actor, site: string, mac: string, blocked: boolean): Promise<void> {
      const on = await forSite(actor, site);
      await on.controller.setBlocked(on.site, mac, blocked);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
