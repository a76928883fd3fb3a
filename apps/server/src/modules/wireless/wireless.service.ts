import type { Hotspot, HotspotInput, Site, Wlan, WlanGroup, WlanInput } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { type Actor, mayDo, type RequestContext } from '../../lib/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import {
  checkWlan,
  hiddenMatcher,
  isShownGroup,
  newWlanGroup,
  toControllerWlan,
  toGuestAccess,
  toHotspot,
  toWlan,
  toWlanGroup,
} from './wireless.map.ts';

/**
 * A site's wifi groups, wireless networks and hotspot login, on the controller (nothing is stored here). Every
 * role reads the sites it may see; writing needs `wirelessWrite` (the routes check it). The passphrases and the
 * hotspot password go only to those who may change them.
 */
export function createWirelessService(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  /** the hidden-networks setting (WIRELESS_HIDDEN) */
  hiddenPattern: string;
  /** the console's public IPv4 address, where the controller's external portal sends guests ('' for none) */
  portalAddress: string;
}) {
  const hidden = hiddenMatcher(deps.hiddenPattern);

  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.controller.require();
  }

  async function shownGroups(actor: Actor, site: string) {
    return (await (await forSite(actor, site)).wlanGroups(site)).filter(isShownGroup);
  }

  async function rawWlan(actor: Actor, site: string, id: string) {
    const wlan = (await (await forSite(actor, site)).wlans(site)).find((w) => w._id === id);
    if (!wlan || hidden(String(wlan.name ?? ''))) throw new NotFoundError('wlanNotFound');
    return wlan;
  }

  async function save(actor: Actor, site: string, id: string | undefined, input: WlanInput): Promise<Wlan> {
    const kept = id === undefined ? undefined : String((await rawWlan(actor, site, id)).x_passphrase ?? '');
    checkWlan(input, kept);
    if (!(await shownGroups(actor, site)).some((g) => g._id === input.groupId)) {
      throw new BadRequestError('wlanGroupNotFound', 'groupId');
    }
    const controller = await forSite(actor, site);
    return toWlan(await controller.saveWlan(site, id, toControllerWlan(input, kept)), true);
  }

  return {
    async groups(actor: Actor, site: string): Promise<WlanGroup[]> {
      return (await shownGroups(actor, site)).map(toWlanGroup);
    },

    async createGroup(actor: Actor, site: string, name: string): Promise<WlanGroup> {
      const taken = (await (await forSite(actor, site)).wlanGroups(site)).some(
        (g) => String(g.name ?? '').toLowerCase() === name.trim().toLowerCase(),
      );
      if (taken) throw new ConflictError('wlanGroupTaken', 'name');
      return toWlanGroup(await (await forSite(actor, site)).createWlanGroup(site, newWlanGroup(name)));
    },

    /** The networks of a wifi group, without the hidden ones. */
    async networks(actor: Actor, site: string, groupId: string): Promise<Wlan[]> {
      const secret = mayDo(actor, 'wirelessWrite');
      return (await (await forSite(actor, site)).wlans(site))
        .filter((w) => w.wlangroup_id === groupId && !hidden(String(w.name ?? '')))
        .map((w) => toWlan(w, secret))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async network(actor: Actor, site: string, id: string): Promise<Wlan> {
      return toWlan(await rawWlan(actor, site, id), mayDo(actor, 'wirelessWrite'));
    },

    create: (actor: Actor, site: string, input: WlanInput) => save(actor, site, undefined, input),
    update: (actor: Actor, site: string, id: string, input: WlanInput) => save(actor, site, id, input),

    /** Save: the group on every access point of the site. */
    async applyGroup(actor: Actor, site: string, groupId: string): Promise<{ devices: number }> {
      if (!(await shownGroups(actor, site)).some((g) => g._id === groupId)) {
        throw new BadRequestError('wlanGroupNotFound', 'groupId');
      }
      return { devices: await (await forSite(actor, site)).applyWlanGroup(site, groupId) };
    },

    /** A new site on the controller, in the site names at once. */
    async addSite(ctx: RequestContext, desc: string): Promise<Site> {
      const controller = await deps.controller.require();
      const created = await controller.addSite(desc.trim());
      return deps.sites.create({ sitename: created.desc || desc.trim(), idname: created.name }, ctx);
    },

    async hotspot(actor: Actor, site: string): Promise<Hotspot> {
      return toHotspot(await (await forSite(actor, site)).guestAccess(site), mayDo(actor, 'wirelessWrite'), {
        address: deps.portalAddress,
        site,
      });
    },

    async saveHotspot(actor: Actor, site: string, input: HotspotInput): Promise<Hotspot> {
      const controller = await forSite(actor, site);
      const current = await controller.guestAccess(site);
      if (!current?._id) throw new NotFoundError('notFound');
      const saved = await controller.setGuestAccess(
        site,
        String(current._id),
        toGuestAccess(input, String(current.x_password ?? ''), deps.portalAddress),
      );
      return toHotspot(saved ?? current, true, { address: deps.portalAddress, site });
    },
  };
}

export type WirelessService = ReturnType<typeof createWirelessService>;
