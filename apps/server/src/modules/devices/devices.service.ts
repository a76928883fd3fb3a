import type {
  BlockedDevice,
  BlockedDeviceAnswer,
  BlockedPageInput,
  ConnectedDevice,
  ConnectedDeviceAnswer,
  ConnectedPageInput,
  Page,
} from '@it4u/shared';
import type { Audit } from '../../lib/audit.ts';
import type { Actor, RequestContext } from '../../lib/context.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { byRank, createListIndex, hasAllWords, pageOfPlaces, searchWords, sortParts } from './listPage.ts';

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

/** The kept lists made searchable: a device is found by its name, MAC, IP, access point or wifi name. */
const connectedIndex = createListIndex<ConnectedDevice, 'name' | 'essid' | 'apName' | 'ip'>({
  search: (d) => [d.name, d.mac, d.ip, d.apName, d.essid],
  text: { name: (d) => d.name, essid: (d) => d.essid, apName: (d) => d.apName, ip: (d) => d.ip },
});
const blockedIndex = createListIndex<BlockedDevice, 'name' | 'mac'>({
  search: (d) => [d.name, d.mac],
  text: { name: (d) => d.name, mac: (d) => d.mac },
});

/** The places in the list of the rows that have every word of the search. */
function found(folded: string[][], q: string | undefined): number[] {
  const words = searchWords(q);
  const places: number[] = [];
  for (let i = 0; i < folded.length; i++) if (hasAllWords(folded[i] ?? [], words)) places.push(i);
  return places;
}

/** The devices connected to a site and its block list, through each site's controller. */
export function createDevicesService(deps: { sites: SitesService; audit: Audit }) {
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.sites.onController(site);
  }

  return {
    async connected(actor: Actor, site: string): Promise<ConnectedDeviceAnswer[]> {
      const on = await forSite(actor, site);
      return (await on.controller.connectedDevices(on.site)).map(connectedAnswer);
    },
    /** A page of the connected devices (of the list kept for the dashboards' window), by name unless told. */
    async connectedPage(actor: Actor, site: string, query: ConnectedPageInput): Promise<Page<ConnectedDevice>> {
      const on = await forSite(actor, site);
      const list = await on.controller.connectedDevices(on.site);
      const places = found(connectedIndex.folded(list), query.q);
      const { field, desc } = sortParts(query.sort ?? 'name:asc');
      const key =
        field === 'download' || field === 'upload' || field === 'uptime'
          ? (i: number) => list[i]?.[field] ?? 0
          : byRank(connectedIndex.rank(list, field));
      const page = pageOfPlaces(places, key, desc, query.page, query.pageSize);
      return { items: page.flatMap((i) => list[i] ?? []), total: places.length };
    },
    async blocked(actor: Actor, site: string): Promise<BlockedDeviceAnswer[]> {
      const on = await forSite(actor, site);
      return (await on.controller.blockedDevices(on.site)).map(blockedAnswer);
    },
    /** A page of the block list, last seen first unless told. */
    async blockedPage(actor: Actor, site: string, query: BlockedPageInput): Promise<Page<BlockedDevice>> {
      const on = await forSite(actor, site);
      const list = await on.controller.blockedDevices(on.site);
      const places = found(blockedIndex.folded(list), query.q);
      const { field, desc } = sortParts(query.sort ?? 'lastSeen:desc');
      const key =
        field === 'firstSeen' || field === 'lastSeen'
          ? (i: number) => list[i]?.[field] ?? 0
          : byRank(blockedIndex.rank(list, field));
      const page = pageOfPlaces(places, key, desc, query.page, query.pageSize);
      return { items: page.flatMap((i) => list[i] ?? []), total: places.length };
    },
    /** Blocks or lets back a device on the controller; audited once the controller took it. */
    async setBlocked(ctx: RequestContext, site: string, mac: string, blocked: boolean): Promise<void> {
      const on = await forSite(ctx.actor, site);
      await on.controller.setBlocked(on.site, mac, blocked);
      const event = blocked ? 'device.block' : 'device.unblock';
      await deps.audit.record(event, ctx, { target: `site:${site}`, details: { site, mac: mac.toLowerCase() } });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
