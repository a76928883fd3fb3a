import type { BlockedDevice, ConnectedDevice, Voucher } from '@it4u/shared';
import type { Controller, ControllerProvider, VoucherRequest } from '../../integrations/unifi/unifi.controller.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { Actor } from '../users/users.service.ts';
import { voucherSheet } from './voucher-sheet.ts';

export const NO_CONTROLLER =
  'No UniFi controller is configured. An administrator sets its address and account in Settings → Parameter.';

/** Vouchers, connected devices and the block list of a site, through the controller in use. */
export function createControllerService(deps: { provider: ControllerProvider; sites: SitesService }) {
  async function controller(): Promise<Controller> {
    const current = await deps.provider.get();
    if (!current) throw new AppError(503, NO_CONTROLLER);
    return current.controller;
  }
  /** The controller, once the caller is known to see the site. */
  async function forSite(actor: Actor, site: string): Promise<Controller> {
    deps.sites.assertAccess(actor, site);
    return controller();
  }

  return {
    async info() {
      const current = await deps.provider.get();
      return { configured: current ? !current.demo : false, demo: current?.demo ?? false };
    },

    async check() {
      const current = await deps.provider.get();
      if (!current) return { ok: false, demo: false, message: NO_CONTROLLER };
      try {
        const { flavor } = await current.controller.client.check();
        return {
          ok: true,
          demo: current.demo,
          flavor,
          message: `The session with ${current.controller.client.url} is alive.`,
        };
      } catch (err) {
        return { ok: false, demo: current.demo, message: (err as Error).message };
      }
    },

    async syncSites(actor: Actor, ip: string) {
      const c = await controller();
      return deps.sites.syncFrom(await c.sites(), actor, ip);
    },

    vouchers: async (actor: Actor, site: string): Promise<Voucher[]> => (await forSite(actor, site)).vouchers(site),

    createVouchers: async (actor: Actor, site: string, v: VoucherRequest): Promise<Voucher[]> =>
      (await forSite(actor, site)).createVouchers(site, v),

    async deleteVoucher(actor: Actor, site: string, id: string): Promise<void> {
      const c = await forSite(actor, site);
      if (!(await c.vouchers(site)).some((v) => v.id === id)) throw new NotFoundError('Voucher not found.');
      await c.deleteVoucher(site, id);
    },

    /** An A4 sheet of voucher cards: ids is one id, a comma-separated list, or 'all'. */
    async printSheet(actor: Actor, site: string, ids: string, lang: 'en' | 'vi'): Promise<string> {
      const c = await forSite(actor, site);
      const all = await c.vouchers(site);
      const wanted = ids === 'all' ? all : all.filter((v) => ids.split(',').includes(v.id));
      if (wanted.length === 0) throw new NotFoundError('Voucher not found.');
      const siteName = (await deps.sites.visibleTo(actor)).find((s) => s.idname === site)?.sitename ?? site;
      return voucherSheet(wanted, siteName, lang);
    },

    devices: async (actor: Actor, site: string): Promise<ConnectedDevice[]> =>
      (await forSite(actor, site)).connectedDevices(site),

    blocked: async (actor: Actor, site: string): Promise<BlockedDevice[]> =>
      (await forSite(actor, site)).blockedDevices(site),

    async setBlocked(actor: Actor, site: string, mac: string, blocked: boolean): Promise<void> {
      await (await forSite(actor, site)).setBlocked(site, mac, blocked);
    },
  };
}

export type ControllerService = ReturnType<typeof createControllerService>;
