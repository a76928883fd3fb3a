import { timingSafeEqual } from 'node:crypto';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { guestFormOf, toGuestLogin } from '../../integrations/unifi/unifi.map.ts';
import { createReadCache } from '../../lib/readCache.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import { type PageShell, type PortalLanguage, type PortalMessage, pageShell, portalAction } from './portal.page.ts';

const WINDOW_MS = 10 * 60_000;
const VIEW_CACHE_MS = 5_000;
const MAX_WRONG = 5;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

export type GuestArrival = { id?: string; ap?: string; url?: string };
export type GuestAnswer = { code?: string; password?: string; accept?: string };
export type LoginOutcome =
  | { redirect: string }
  | { status: number; message: { key: PortalMessage; vars?: Record<string, number>; kind: 'error' | 'done' } };

/** A MAC as the controller writes it (lower case, colons), or undefined. */
export function guestMac(value: string | undefined): string | undefined {
  const mac = (value ?? '').trim().toLowerCase().replaceAll('-', ':');
  return MAC.test(mac) ? mac : undefined;
}

const webAddress = (value: string | undefined) => (value && /^https?:\/\/\S+$/i.test(value) ? value : undefined);

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The guest login: what the page shows for a site, and a guest's try. A right answer lets the guest in on the
 * controller with the voucher's (or the site's) limits, then checks that the controller shows the guest let in
 * before sending the phone on; at most 5 wrong tries per device and per address in 10 minutes.
 */
export function createPortalService(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  uploads: UploadsService;
  vouchers: VouchersService;
  now: () => number;
}) {
  const wrong = new Map<string, number[]>();
  /**
   * What a site's page shows, kept a few seconds (every guest of a busy venue loads the page at once), and given a
   * minute more while the next is loaded, so that no guest waits for the reload.
   */
  const views = createReadCache(VIEW_CACHE_MS, Date.now, { staleMs: 60_000 });

  async function loadView(site: string) {
    const known = await deps.sites.byIdname(site);
    if (!known) return undefined;
    const [{ auth }, images] = await Promise.all([hotspotOf(site), deps.uploads.publicImages(site)]);
    const venue = known.sitename;
    const shell = (lang: PortalLanguage) => pageShell({ lang, venue, auth, images, action: portalAction(site) });
    const shells: Record<PortalLanguage, PageShell> = { vi: shell('vi'), en: shell('en') };
    return { venue, auth, images, shells };
  }

  function recent(key: string): number[] {
    const since = deps.now() - WINDOW_MS;
    const kept = (wrong.get(key) ?? []).filter((at) => at > since);
    if (kept.length) wrong.set(key, kept);
    else wrong.delete(key);
    return kept;
  }

  async function hotspotOf(site: string) {
    const login = toGuestLogin(await (await deps.controller.require()).guestAccess(site));
    return { auth: guestFormOf(login.auth), password: login.password, promoUrl: login.promoUrl };
  }

  return {
    /**
     * The venue, its form and images, and its page's fixed text in each language (kept 5 s); undefined for a site
     * the console does not know.
     */
    view: (site: string) => views.get(site, () => loadView(site)),

    async login(site: string, ip: string, arrival: GuestArrival, answer: GuestAnswer): Promise<LoginOutcome> {
      const mac = guestMac(arrival.id);
      if (!mac) return { status: 400, message: { key: 'noDevice', kind: 'error' } };
      const keys = [`mac:${site}:${mac}`, `ip:${ip}`];
      const tries = keys.map(recent);
      const full = tries.find((t) => t.length >= MAX_WRONG);
      if (full) {
        const minutes = Math.max(1, Math.ceil(((full[0] as number) + WINDOW_MS - deps.now()) / 60_000));
        return { status: 429, message: { key: 'wait', vars: { minutes }, kind: 'error' } };
      }
      const refuse = (key: PortalMessage): LoginOutcome => {
        for (const k of keys) wrong.set(k, [...recent(k), deps.now()]);
        return { status: 401, message: { key, kind: 'error' } };
      };

      const controller = await deps.controller.require();
      const hotspot = await hotspotOf(site);
      let limits: { minutes?: number; up?: number | null; down?: number | null; bytes?: number | null } = {};
      let singleUse: string | undefined;
      if (hotspot.auth === 'hotspot') {
        const voucher = await deps.vouchers.byCode(site, answer.code ?? '');
        if (!voucher) return refuse('wrongCode');
        const usedUp: LoginOutcome = { status: 403, message: { key: 'usedUp', kind: 'error' } };
        // the uses the controller counted (its own portal), then the console's; quota 0 is no limit
        if (voucher.quota > 0 && voucher.used >= voucher.quota) return usedUp;
        const first = await deps.vouchers.use(site, voucher, mac, new Date(deps.now()));
        if (first === 'busy') return { status: 503, message: { key: 'failed', kind: 'error' } };
        // a device keeps the voucher's time from its first use
        const minutes = first ? voucher.duration - Math.floor((deps.now() - first.getTime()) / 60_000) : 0;
        if (minutes <= 0) return usedUp;
        limits = { minutes, up: voucher.up, down: voucher.down, bytes: voucher.byteQuota };
        if (voucher.quota === 1) singleUse = voucher.id;
      } else if (hotspot.auth === 'password') {
        if (!hotspot.password || !same(answer.password ?? '', hotspot.password)) return refuse('wrongPassword');
      } else if (answer.accept !== 'on') {
        return { status: 400, message: { key: 'mustAccept', kind: 'error' } };
      }

      await controller.authorizeGuest(site, {
        mac,
        minutes: limits.minutes ?? 480,
        up: limits.up,
        down: limits.down,
        bytes: limits.bytes,
        apMac: guestMac(arrival.ap),
      });
      // peers' users are bounced back to the portal after a "successful" call: confirm before sending them on
      if (!(await controller.guestAuthorized(site, mac))) {
        return { status: 502, message: { key: 'failed', kind: 'error' } };
      }
      // a single-use voucher is spent: the controller forgets it, so that no other phone uses it
      if (singleUse) await deps.vouchers.revoke(site, singleUse);
      const next = webAddress(hotspot.promoUrl) ?? webAddress(arrival.url);
      return next ? { redirect: next } : { status: 200, message: { key: 'connected', kind: 'done' } };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
