import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { guestFormOf, portalIsOurs, toGuestLogin } from '../../integrations/unifi/unifi.map.ts';
import { createReadCache } from '../../lib/readCache.ts';
import { sameSecret } from '../../lib/secrets.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { SplashService } from '../splash/splash.service.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import { type PageShell, type PortalLanguage, type PortalMessage, pageShell, portalAction } from './portal.page.ts';
import { createWrongTries } from './portal.tries.ts';

const VIEW_CACHE_MS = 5_000;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

export type GuestArrival = { id?: string; ap?: string; url?: string };
export type GuestAnswer = { code?: string; password?: string; accept?: string };
export type LoginOutcome =
  | { redirect: string }
  | {
      status: number;
      message: { key: PortalMessage; vars?: Record<string, number>; kind: 'error' | 'done' };
      /** let in: the address the guest wanted, shown as a plain link (never a redirect) */
      wanted?: string;
    };

/** A MAC as the controller writes it (lower case, colons), or undefined. */
export function guestMac(value: string | undefined): string | undefined {
  const mac = (value ?? '').trim().toLowerCase().replaceAll('-', ':');
  return MAC.test(mac) ? mac : undefined;
}

/** An http or https address, or undefined (`javascript:` and the like are never linked nor followed). */
export const webAddress = (value: string | undefined) => (value && /^https?:\/\/\S+$/i.test(value) ? value : undefined);

const closed: LoginOutcome = { status: 403, message: { key: 'closed', kind: 'error' } };

/**
 * The guest login: what the page shows for a site, and a guest's try. Only a site whose hotspot is on and sends its
 * guests to this console's page lets anyone in. A right answer lets the guest in on the controller with the
 * voucher's (or the site's) limits, then checks that the controller shows the guest let in before sending the phone
 * on; at most 5 wrong tries per device (and 50 per address) at a site in 10 minutes.
 */
export function createPortalService(deps: {
  controller: ControllerProvider;
  sites: SitesService;
  splash: SplashService;
  vouchers: VouchersService;
  now: () => number;
  /** the console's public IPv4 address, where the controllers' external portals send guests ('' for none) */
  portalAddress: string;
}) {
  const tries = createWrongTries(deps.now);
  /**
   * What a site's page shows, kept a few seconds (every guest of a busy venue loads the page at once), and given a
   * minute more while the next is loaded, so that no guest waits for the reload.
   */
  const views = createReadCache(VIEW_CACHE_MS, Date.now, { staleMs: 60_000 });
  // a new splash image shows at once (the Upload tab's preview loads the page again after an upload)
  deps.splash.onUpload((site) => views.invalidate(site));

  async function loadView(site: string) {
    const known = await deps.sites.byIdname(site);
    if (!known) return undefined;
    const [hotspot, images] = await Promise.all([hotspotOf(site), deps.splash.publicImages(site)]);
    const venue = known.sitename;
    // a site whose portal is not the console's: its page says so, with no form
    const auth = hotspot.open ? hotspot.auth : null;
    const message = hotspot.open ? undefined : ({ key: 'closed', kind: 'error' } as const);
    const shell = (lang: PortalLanguage) =>
      pageShell({ lang, venue, auth, images, action: portalAction(site), message });
    const shells: Record<PortalLanguage, PageShell> = { vi: shell('vi'), en: shell('en') };
    return { venue, auth: hotspot.auth, open: hotspot.open, images, shells };
  }

  async function hotspotOf(site: string) {
    const on = await deps.sites.onController(site);
    const login = toGuestLogin(await on.controller.guestAccess(on.site));
    return {
      open: portalIsOurs(login, deps.portalAddress),
      auth: guestFormOf(login.auth),
      password: login.password,
      promoUrl: login.promoUrl,
      minutes: login.minutes,
    };
  }

  return {
    /**
     * The venue, its form and images, whether its portal is the console's, and its page's fixed text in each
     * language (kept 5 s); undefined for a site the console does not know.
     */
    view: (site: string) => views.get(site, () => loadView(site)),

    /**
     * The venue's name and images without the controller (for the page that says the login is not available now);
     * undefined when the site is unknown or the database does not answer either.
     */
    async venueOf(site: string) {
      try {
        const known = await deps.sites.byIdname(site);
        return known ? { venue: known.sitename, images: await deps.splash.publicImages(site) } : undefined;
      } catch {
        return undefined;
      }
    },

    /** How many devices and addresses have wrong tries kept in this instance. */
    wrongTriesKept: () => tries.size(),

    async login(site: string, ip: string, arrival: GuestArrival, answer: GuestAnswer): Promise<LoginOutcome> {
      const mac = guestMac(arrival.id);
      if (!mac) return { status: 400, message: { key: 'noDevice', kind: 'error' } };
      const minutes = tries.waitMinutes(site, mac, ip);
      if (minutes > 0) return { status: 429, message: { key: 'wait', vars: { minutes }, kind: 'error' } };
      const refuse = (key: PortalMessage): LoginOutcome => {
        tries.wrong(site, mac, ip);
        return { status: 401, message: { key, kind: 'error' } };
      };

      const { controller, site: name } = await deps.sites.onController(site);
      const hotspot = await hotspotOf(site);
      if (!hotspot.open) return closed;
      let limits: { minutes: number; up?: number | null; down?: number | null; bytes?: number | null } = {
        minutes: hotspot.minutes,
      };
      let voucherId: string | undefined;
      let singleUse = false;
      if (hotspot.auth === 'hotspot') {
        const voucher = await deps.vouchers.byCode(site, answer.code ?? '');
        if (!voucher) return refuse('wrongCode');
        if (voucher.status === 'EXPIRED') return { status: 403, message: { key: 'expired', kind: 'error' } };
        const usedUp: LoginOutcome = { status: 403, message: { key: 'usedUp', kind: 'error' } };
        const first = await deps.vouchers.use(site, voucher, mac, new Date(deps.now()));
        if (first === 'busy') return { status: 503, message: { key: 'failed', kind: 'error' } };
        // a device keeps the voucher's time from its first use
        const left = first ? voucher.duration - Math.floor((deps.now() - first.getTime()) / 60_000) : 0;
        if (left <= 0) return usedUp;
        limits = { minutes: left, up: voucher.up, down: voucher.down, bytes: voucher.byteQuota };
        voucherId = voucher.id;
        singleUse = voucher.quota === 1;
      } else if (hotspot.auth === 'password') {
        if (!hotspot.password || !sameSecret(answer.password ?? '', hotspot.password)) return refuse('wrongPassword');
      } else if (answer.accept !== 'on') {
        return { status: 400, message: { key: 'mustAccept', kind: 'error' } };
      }

      // the voucher was checked here against the controller's list, and its use counted here (voucher_uses): the
      // controller is asked to let the phone in, as any public client asks it (no voucher goes with the call)
      await controller.authorizeGuest(name, { mac, ...limits, apMac: guestMac(arrival.ap) });
      // peers' users are bounced back to the portal after a "successful" call: confirm before sending them on. A
      // phone not listed yet (controllers list a new client a minute or two late) was let in all the same: never
      // told to try again
      if ((await controller.guestAuthorized(name, mac)) === 'no') {
        return { status: 502, message: { key: 'failed', kind: 'error' } };
      }
      // a single-use voucher is spent: the controller forgets it, so that no other phone uses it
      if (singleUse && voucherId) await deps.vouchers.revoke(site, voucherId);
      // sent on only to the site's own promotional address, which its operator set on the controller; the address
      // the phone came with is anybody's (`url=https://phishing.example/` made the operator's portal a redirector),
      // so it is only shown, as a link the guest may follow
      const promo = webAddress(hotspot.promoUrl);
      if (promo) return { redirect: promo };
      const wanted = webAddress(arrival.url);
      return { status: 200, message: { key: 'connected', kind: 'done' }, ...(wanted ? { wanted } : {}) };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
