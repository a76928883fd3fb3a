import type { Voucher } from '@it4u/shared';
import type { ControllerProvider, VoucherRequest } from '../../integrations/unifi/unifi.controller.ts';
import type { Actor } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { voucherSheet } from './voucher-sheet.ts';

/** Hotspot vouchers of a site, through the controller in use. */
export function createVouchersService(deps: { controller: ControllerProvider; sites: SitesService }) {
  /** The controller, once the caller is known to see the site. */
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.controller.require();
  }

  return {
    list: async (actor: Actor, site: string): Promise<Voucher[]> => (await forSite(actor, site)).vouchers(site),

    create: async (actor: Actor, site: string, v: VoucherRequest): Promise<Voucher[]> =>
      (await forSite(actor, site)).createVouchers(site, v),

    async remove(actor: Actor, site: string, id: string): Promise<void> {
      const c = await forSite(actor, site);
      if (!(await c.vouchers(site)).some((v) => v.id === id)) throw new NotFoundError('voucherNotFound');
      await c.deleteVoucher(site, id);
    },

    /** An A4 sheet of voucher cards: ids is one id, a comma-separated list, or 'all'. */
    async printSheet(actor: Actor, site: string, ids: string, lang: 'en' | 'vi'): Promise<string> {
      const c = await forSite(actor, site);
      const all = await c.vouchers(site);
      const wanted = ids === 'all' ? all : all.filter((v) => ids.split(',').includes(v.id));
      if (wanted.length === 0) throw new NotFoundError('voucherNotFound');
      const siteName = (await deps.sites.visibleTo(actor)).find((s) => s.idname === site)?.sitename ?? site;
      return voucherSheet(wanted, siteName, lang);
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
