import type { Voucher, VoucherPage, VoucherPageInput } from '@it4u/shared';
import { VOUCHER_STATUSES } from '@it4u/shared/api';
import type { VoucherRequest } from '../../integrations/unifi/unifi.controller.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Actor, RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { eachAtOnce } from '../../lib/pool.ts';
import {
  byRank,
  createListIndex,
  foldForSearch,
  hasAllWords,
  pageOfPlaces,
  searchWords,
  sortParts,
} from '../devices/listPage.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { voucherSheet } from './voucher-sheet.ts';
import type { VoucherUsesRepository } from './vouchers.repository.ts';

const DAY_MS = 86_400_000;

/**
 * A voucher with the uses the guest page counted. The controller counts the guests its own portal let in with a
 * voucher, never the console's page's: authorize-guest names no voucher (no public client sends one), so the two
 * counts are of different guests and are added; docs/features.md.
 */
export function withUses(v: Voucher, onPortal: number): Voucher {
  const used = v.used + onPortal;
  if (used === v.used && !(v.quota > 0 && used >= v.quota)) return v;
  const usedUp = v.quota > 0 && used >= v.quota;
  const status = v.status === 'EXPIRED' ? v.status : usedUp ? 'USED' : 'USED_MULTIPLE';
  return { ...v, used, status };
}

/** The smallest batch watched for running out: a few vouchers made for one party are not. */
export const VOUCHER_BATCH_WATCHED = 10;
/** How many sites' voucher lists a look reads at once. */
const VOUCHER_READS_AT_ONCE = 4;

/** A batch of a site's vouchers nearly used up. */
export type VoucherBatch = { site: string; createTime: number; note: string; total: number; left: number };

/** A voucher a guest can still sign in with. */
const usable = (v: Voucher) =>
  v.status === 'VALID_ONE' ||
  v.status === 'VALID_MULTI' ||
  (v.status === 'USED_MULTIPLE' && (v.quota === 0 || v.used < v.quota));

/** The batches of a site's vouchers (same second, same note) with `percent` % or less of them left. */
export function lowBatches(site: string, vouchers: Voucher[], percent: number): VoucherBatch[] {
  const groups = new Map<string, Voucher[]>();
  for (const v of vouchers) {
    const key = `${v.createTime}\u0000${v.note}`;
    const group = groups.get(key);
    if (group) group.push(v);
    else groups.set(key, [v]);
  }
  const low: VoucherBatch[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    // expired unused: neither used nor left (a batch mostly expired is not running out, it lapsed)
    const counted = group.filter((v) => !(v.status === 'EXPIRED' && v.used === 0));
    if (!first || counted.length < VOUCHER_BATCH_WATCHED) continue;
    const left = counted.filter(usable).length;
    if (left * 100 <= percent * counted.length)
      low.push({ site, createTime: first.createTime, note: first.note, total: counted.length, left });
  }
  return low;
}

/** A voucher as the spec names it too: its note also as `notes`. */
const withSpecNames = (v: Voucher): Voucher => ({ ...v, notes: v.note });

/** The kept voucher lists made searchable: a voucher is found by its code (its digits: dash or not) and its note. */
const voucherIndex = createListIndex<Voucher, 'code' | 'note'>({
  search: (v) => [v.code, v.note],
  text: { code: (v) => v.code, note: (v) => v.note },
});

/** A status as a search finds it ('used' finds USED and USED_MULTIPLE), folded once per status. */
const foldedStatuses = new Map<string, string>();
function foldedStatus(status: string): string {
  let folded = foldedStatuses.get(status);
  if (folded === undefined) {
    folded = foldForSearch(status);
    // the statuses are the controller's few; an odd controller's would not grow the map without end
    if (foldedStatuses.size < 100) foldedStatuses.set(status, folded);
  }
  return folded;
}

/** The statuses in the order a sort by status gives (the known ones as the filter lists them, others after). */
const statusOrder = (status: string) => {
  const known = (VOUCHER_STATUSES as readonly string[]).indexOf(status);
  return known === -1 ? VOUCHER_STATUSES.length : known;
};

/** Hotspot vouchers of a site, through each site's controller, with the uses counted on the guest page. */
export function createVouchersService(deps: {
  sites: SitesService;
  uses: VoucherUsesRepository;
  now: () => number;
  audit: Audit;
}) {
  /** The site's controller and its name there, once the caller is known to see the site. */
  async function forSite(actor: Actor, site: string) {
    deps.sites.assertAccess(actor, site);
    return deps.sites.onController(site);
  }

  /** Revokes a voucher on the controller; its uses are kept a day (`create` forgets them). */
  async function revoke(site: string, id: string): Promise<void> {
    const on = await deps.sites.onController(site);
    await on.controller.deleteVoucher(on.site, id);
  }

  return {
    async list(actor: Actor, site: string): Promise<Voucher[]> {
      const on = await forSite(actor, site);
      const [all, counts] = await Promise.all([on.controller.vouchers(on.site), deps.uses.counts(site)]);
      return all.map((v) => withSpecNames(withUses(v, counts.get(v.id) ?? 0)));
    },

    /**
     * A page of the site's vouchers (of the list kept for the cache's window, with the uses of the guest page), newest
     * first unless told, with how many the site has and how many of each status the search finds.
     */
    async page(actor: Actor, site: string, query: VoucherPageInput): Promise<VoucherPage> {
      const on = await forSite(actor, site);
      const [all, counts] = await Promise.all([on.controller.vouchers(on.site), deps.uses.counts(site)]);
      // the uses counted on the guest page may change a voucher's status: filter and count by the one shown
      const shown = counts.size === 0 ? all : all.map((v) => withUses(v, counts.get(v.id) ?? 0));
      const folded = voucherIndex.folded(all);
      const words = searchWords(query.q);
      const statuses = new Map<string, number>();
      const places: number[] = [];
      for (let i = 0; i < shown.length; i++) {
        const v = shown[i];
        if (!v) continue;
        if (words.length > 0 && !hasAllWords(folded[i] ?? [], words, foldedStatus(v.status))) continue;
        statuses.set(v.status, (statuses.get(v.status) ?? 0) + 1);
        if (query.status === undefined || v.status === query.status) places.push(i);
      }
      const { field, desc } = sortParts(query.sort ?? 'createTime:desc');
      const key =
        field === 'code' || field === 'note'
          ? byRank(voucherIndex.rank(all, field))
          : field === 'status'
            ? (i: number) => statusOrder(shown[i]?.status ?? '')
            : (i: number) => shown[i]?.[field] ?? 0;
      const page = pageOfPlaces(places, key, desc, query.page, query.pageSize);
      return {
        items: page.flatMap((i) => {
          const v = shown[i];
          return v ? [withSpecNames(v)] : [];
        }),
        total: places.length,
        siteTotal: all.length,
        statuses: Object.fromEntries(statuses),
      };
    },

    /**
     * Makes vouchers on the site's controller; the audit line names them by id (a code is what a guest types: it is
     * not written down). Then forgets the uses of the site's vouchers gone from the controller for a day (every use
     * is of a voucher made here, so the uses kept stay about as many as the vouchers).
     */
    async create(ctx: RequestContext, site: string, v: VoucherRequest): Promise<Voucher[]> {
      const on = await forSite(ctx.actor, site);
      const made = await on.controller.createVouchers(on.site, v);
      const { n, quota, expire, down, up, bytes, note } = v;
      const details = { site, n, quota, expire, down, up, bytes, note, ids: made.map((x) => x.id) };
      await deps.audit.record('voucher.create', ctx, { target: `site:${site}`, details });
      const onController = (await on.controller.vouchers(on.site)).map((x) => x.id);
      await deps.uses.prune(site, onController, new Date(deps.now() - DAY_MS));
      return made.map(withSpecNames);
    },

    forAlerts: {
      /**
       * The batches of vouchers (made in the same second with the same note) of at least `VOUCHER_BATCH_WATCHED`
       * vouchers with `percent` % or less of them left, on the sites where the console made vouchers (and still has);
       * and the sites that could not be read. A voucher left is one a guest can still sign in with; one that expired
       * unused is counted neither way.
       */
      async runningOut(percent: number, ttlMs: number): Promise<{ batches: VoucherBatch[]; unread: string[] }> {
        const made = (await deps.audit.targetsOf('voucher.create')).flatMap((t) =>
          t.startsWith('site:') ? [t.slice('site:'.length)] : [],
        );
        const batches: VoucherBatch[] = [];
        const unread: string[] = [];
        if (made.length === 0) return { batches, unread };
        // a site since removed from the console has no batches to watch (its alerts resolve)
        const known = new Set((await deps.sites.all()).map((s) => s.idname));
        await eachAtOnce(
          made.filter((site) => known.has(site)),
          VOUCHER_READS_AT_ONCE,
          async (site) => {
            try {
              const on = await deps.sites.onController(site);
              const [all, counts] = await Promise.all([on.controller.vouchers(on.site, ttlMs), deps.uses.counts(site)]);
              batches.push(
                ...lowBatches(
                  site,
                  all.map((v) => withUses(v, counts.get(v.id) ?? 0)),
                  percent,
                ),
              );
            } catch (err) {
              // the controller says it has no such site: it has no batches (its alerts resolve); else unknown
              if (!(err instanceof NotFoundError)) unread.push(site);
            }
          },
        );
        return { batches, unread };
      },
    },

    async remove(ctx: RequestContext, site: string, id: string): Promise<void> {
      const on = await forSite(ctx.actor, site);
      const voucher = (await on.controller.vouchers(on.site)).find((v) => v.id === id);
      if (!voucher) throw new NotFoundError('voucherNotFound');
      await revoke(site, id);
      const details = { site, id, note: voucher.note ?? '', quota: voucher.quota };
      await deps.audit.record('voucher.delete', ctx, { target: `site:${site}`, details });
    },

    /** An A4 sheet of voucher cards: ids is one id, a comma-separated list, or 'all'. */
    async printSheet(actor: Actor, site: string, ids: string, lang: 'en' | 'vi'): Promise<string> {
      const on = await forSite(actor, site);
      const all = await on.controller.vouchers(on.site);
      const wanted = ids === 'all' ? all : all.filter((v) => ids.split(',').includes(v.id));
      if (wanted.length === 0) throw new NotFoundError('voucherNotFound');
      const siteName = (await deps.sites.visibleTo(actor)).find((s) => s.idname === site)?.sitename ?? site;
      return voucherSheet(wanted, siteName, lang);
    },

    /**
     * For the guest page: the site's voucher with this code (its digits), as the controller has it now. A code is
     * looked for in the kept list (a wrong code asks the controller nothing), and a voucher found there is read
     * afresh (its batch alone), so that one expired, used up or deleted on the controller since is not taken.
     */
    async byCode(site: string, code: string): Promise<Voucher | undefined> {
      const digits = code.replace(/\D/g, '');
      if (!digits) return undefined;
      const on = await deps.sites.onController(site);
      const kept = (await on.controller.vouchers(on.site)).find((v) => v.code.replace(/\D/g, '') === digits);
      return kept && on.controller.voucherAfresh(on.site, kept);
    },

    /**
     * A device's use of a voucher on the guest page: when it first used it (a device that comes back keeps its
     * time), undefined when no use is left, 'busy' when others kept taking the use it went for. A new device gets in
     * while neither the controller's count (the guest page's uses among them) nor the page's has reached the quota.
     */
    async use(site: string, v: Voucher, mac: string, at: Date) {
      if (v.quota > 0 && v.used >= v.quota) return deps.uses.firstUse(site, v.id, mac);
      // the page's own uses go up to what the controller's portal left of the quota (0: no limit)
      return deps.uses.use(site, v.id, mac, at, v.quota === 0 ? 0 : v.quota - v.used);
    },

    revoke,
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
