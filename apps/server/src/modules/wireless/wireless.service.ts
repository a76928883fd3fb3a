import type { Hotspot, HotspotBodyInput, Site, Wlan, WlanBodyInput, WlanGroup } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { type Audit, changes } from '../../lib/audit.ts';
import { type Actor, mayDo, type RequestContext } from '../../lib/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import {
  apGroupIdsOf,
  checkWlan,
  fromHotspotBody,
  fromWlanBody,
  type GroupKind,
  hiddenMatcher,
  isShownGroup,
  newWlanGroup,
  toControllerWlan,
  toGuestAccess,
  toHotspot,
  toWlan,
  toWlanGroup,
  withGroup,
  withSpecNames,
} from './wireless.map.ts';

type Raw = Record<string, unknown>;

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
  audit: Audit;
}) {
  const hidden = hiddenMatcher(deps.hiddenPattern);

  /** What a network or a hotspot login says in its audit lines: its fields, a password only as changed. */
  const SECRET_FIELDS = ['passphrase', 'x_passphrase', 'password', 'x_password'];
  const auditable = (row: object) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_FIELDS.includes(k) && k !== 'id' && k !== '_id'));
  const record = (ctx: RequestContext, event: string, site: string, details: Record<string, unknown>) =>
    deps.audit.record(event, ctx, { target: `site:${site}`, details: { site, ...details } });

  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.sites.onController(site);
  }

  /** The site's groups: its AP groups when the controller has them (Network 6 and later), else its wlan groups. */
  async function groupsOf(actor: Actor, site: string): Promise<{ kind: GroupKind; all: Raw[]; shown: Raw[] }> {
    const { controller, site: name } = await forSite(actor, site);
    const ap = await controller.apGroups(name);
    const all = ap ?? (await controller.wlanGroups(name));
    return { kind: ap ? 'apgroup' : 'wlangroup', all, shown: all.filter(isShownGroup) };
  }

  async function shownGroup(actor: Actor, site: string, groupId: string) {
    const groups = await groupsOf(actor, site);
    const group = groups.shown.find((g) => g._id === groupId);
    if (!group) throw new BadRequestError('wlanGroupNotFound', 'groupId');
    return { kind: groups.kind, group };
  }

  const rawUserGroup = (wlan: Raw) => (typeof wlan.usergroup_id === 'string' ? wlan.usergroup_id : undefined);

  const inGroup = (wlan: Raw, groupId: string, kind: GroupKind) =>
    kind === 'apgroup' ? apGroupIdsOf(wlan).includes(groupId) : wlan.wlangroup_id === groupId;

  async function rawWlan(actor: Actor, site: string, id: string) {
    const on = await forSite(actor, site);
    const wlan = (await on.controller.wlans(on.site)).find((w) => w._id === id);
    if (!wlan || hidden(String(wlan.name ?? ''))) throw new NotFoundError('wlanNotFound');
    return wlan;
  }

  /** Creates or changes a network from its body (the console's names or the spec's, read into the console's). */
  async function save(ctx: RequestContext, site: string, id: string | undefined, sent: WlanBodyInput): Promise<Wlan> {
    const actor = ctx.actor;
    const input = fromWlanBody(sent);
    const current = id === undefined ? undefined : await rawWlan(actor, site, id);
    const kept = current === undefined ? undefined : String(current.x_passphrase ?? '');
    checkWlan(input, kept);
    const { kind } = await shownGroup(actor, site, input.groupId);
    const body = withGroup(toControllerWlan(input, kept), input.groupId, kind, current);
    const on = await forSite(actor, site);
    const saved = await on.controller.saveWlan(on.site, id, body);
    const after = withSpecNames({ ...toWlan(saved, true), groupId: input.groupId }, input.userGroupId);
    if (current === undefined) {
      await record(ctx, 'wireless.network.create', site, { id: after.id, ...auditable(after) });
    } else {
      const before = { ...toWlan(current, true), groupId: after.groupId };
      const changed = changes(before, after, SECRET_FIELDS);
      await record(ctx, 'wireless.network.update', site, { id: after.id, name: after.name, changed });
    }
    return after;
  }

  return {
    async groups(actor: Actor, site: string): Promise<WlanGroup[]> {
      const { kind, shown } = await groupsOf(actor, site);
      return shown.map((g) => toWlanGroup(g, kind));
    },

    async createGroup(ctx: RequestContext, site: string, name: string): Promise<WlanGroup> {
      const actor = ctx.actor;
      const { kind, all } = await groupsOf(actor, site);
      if (all.some((g) => String(g.name ?? '').toLowerCase() === name.trim().toLowerCase())) {
        throw new ConflictError('wlanGroupTaken', 'name');
      }
      const on = await forSite(actor, site);
      const made =
        kind === 'apgroup'
          ? await on.controller.createApGroup(on.site, name.trim())
          : await on.controller.createWlanGroup(on.site, newWlanGroup(name));
      const group = toWlanGroup(made, kind);
      await record(ctx, 'wireless.group.create', site, { name: name.trim(), kind });
      return group;
    },

    /** The networks of a wifi group, without the hidden ones. */
    async networks(actor: Actor, site: string, groupId: string): Promise<Wlan[]> {
      const secret = mayDo(actor, 'wirelessWrite');
      const { kind } = await groupsOf(actor, site);
      const on = await forSite(actor, site);
      return (await on.controller.wlans(on.site))
        .filter((w) => inGroup(w, groupId, kind) && !hidden(String(w.name ?? '')))
        .map((w) => withSpecNames({ ...toWlan(w, secret), groupId }, rawUserGroup(w)))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async network(actor: Actor, site: string, id: string): Promise<Wlan> {
      return toWlan(await rawWlan(actor, site, id), mayDo(actor, 'wirelessWrite'));
    },

    create: (ctx: RequestContext, site: string, body: WlanBodyInput) => save(ctx, site, undefined, body),
    update: (ctx: RequestContext, site: string, id: string, body: WlanBodyInput) => save(ctx, site, id, body),

    /** Save: the group on every access point of the site. */
    async applyGroup(ctx: RequestContext, site: string, groupId: string): Promise<{ devices: number }> {
      const actor = ctx.actor;
      const { kind, group } = await shownGroup(actor, site, groupId);
      const { controller, site: name } = await forSite(actor, site);
      const devices =
        kind === 'apgroup' ? await controller.fillApGroup(name, group) : await controller.applyWlanGroup(name, groupId);
      await record(ctx, 'wireless.group.apply', site, { groupId, group: String(group.name ?? ''), devices });
      return { devices };
    },

    /** A new site on the first controller, in the site names at once (read from the first until a sync). */
    async addSite(ctx: RequestContext, desc: string): Promise<Site> {
      const controller = await deps.controller.require();
      const created = await controller.addSite(desc.trim());
      return deps.sites.create({ sitename: created.desc || desc.trim(), idname: created.name }, ctx);
    },

    async hotspot(actor: Actor, site: string): Promise<Hotspot> {
      const on = await forSite(actor, site);
      return toHotspot(await on.controller.guestAccess(on.site), mayDo(actor, 'wirelessWrite'), {
        address: deps.portalAddress,
        site,
      });
    },

    /** Sets the hotspot login from its body (the console's names or the spec's, read into the console's). */
    async saveHotspot(ctx: RequestContext, site: string, body: HotspotBodyInput): Promise<Hotspot> {
      const input = fromHotspotBody(body);
      const { controller, site: name } = await forSite(ctx.actor, site);
      const current = await controller.guestAccess(name);
      if (!current?._id) throw new NotFoundError('notFound');
      const saved = await controller.setGuestAccess(
        name,
        String(current._id),
        toGuestAccess(input, String(current.x_password ?? ''), deps.portalAddress),
      );
      const portal = { address: deps.portalAddress, site };
      const after = toHotspot(saved ?? current, true, portal);
      const changed = changes(toHotspot(current, true, portal), after, SECRET_FIELDS);
      await record(ctx, 'wireless.hotspot.update', site, { changed });
      return after;
    },
  };
}

export type WirelessService = ReturnType<typeof createWirelessService>;
