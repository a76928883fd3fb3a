import { DEVICE_TOKEN_PREFIX } from '@it4u/shared';
import type { DeviceTokenList, NewDeviceToken } from '@it4u/shared/api';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import type { Job } from '../../lib/module.ts';
import { createReadCache } from '../../lib/readCache.ts';
import { randomToken, sameSecret, sha256 } from '../../lib/secrets.ts';
import type { DeviceTokenRow, DeviceTokensRepository } from './deviceTokens.repository.ts';
import type { WanLinksRepository } from './wanLinks.repository.ts';

/**
 * How long an instance reuses what it read of the live tokens (on its own clock, not the console's): a token revoked
 * or made on another instance takes effect here within that; on this instance at once. The shared token and its
 * switch are read the same way (parameters.service).
 */
export const DEVICE_TOKENS_TTL_MS = 5_000;
/** A token's last use is written at most once a minute, and the uses gathered meanwhile go in one statement. */
const TOUCH_EVERY_MS = 60_000;
const FLUSH_EVERY_MS = 15_000;

/** What the token of a push allows: the pushes of one site, or (the shared token) of any site without its own. */
export type DeviceGrant = { kind: 'site'; id: number; sitename: string } | { kind: 'shared' };

/** A site's name as routers and people type it, to compare: any case, any spaces around and between its words. */
export const nameKey = (name: string): string => name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();

const shown = (r: DeviceTokenRow) => ({
  id: r.id,
  hint: r.hint,
  createdBy: r.createdBy,
  createdAt: r.createdAt.getTime(),
  lastUsedAt: r.lastUsedAt?.getTime() ?? null,
  revokedAt: r.revokedAt?.getTime() ?? null,
});

/**
 * Each customer site's own device token (issue 23): made, rotated and revoked by staff, kept as its SHA-256 hash,
 * shown once. A push with a site's token writes only that site; the shared token of the Parameter tab (tokenDev)
 * stays for sites that have no live token of their own, unless it is turned off.
 */
export function createDeviceTokensService(deps: {
  tokens: DeviceTokensRepository;
  wanLinks: Pick<WanLinksRepository, 'find'>;
  audit: Audit;
  /** the shared token of the Parameter tab (clear) and whether it is accepted, read once a few seconds */
  shared: () => Promise<{ token: string; enabled: boolean }>;
  /** every site of the site names with its description and short name (the sites area's) */
  siteNames: () => Promise<{ id: number; sitename: string; idname: string }[]>;
  now: () => number;
}) {
  const cache = createReadCache(DEVICE_TOKENS_TTL_MS);
  /** the sites by each of their names' keys (a description may be shared by several sites) */
  const names = () =>
    cache.get('names', async () => {
      const byKey = new Map<string, number[]>();
      for (const site of await deps.siteNames()) {
        for (const key of new Set([nameKey(site.sitename), nameKey(site.idname)])) {
          if (key) byKey.set(key, [...(byKey.get(key) ?? []), site.id]);
        }
      }
      return byKey;
    });
  /**
   * Every place a pushed name may land: each site of the site names it names, by description or short name, in any
   * case and spacing (`site:<id>`); a name no site has is a place of its own (`name:<key>`). The report joins a row to
   * its site by the exact name, so every site a name may mean counts.
   */
  const placesOf = async (name: string): Promise<string[]> => {
    const key = nameKey(name);
    const sites = (await names()).get(key);
    return sites ? sites.map((id) => `site:${id}`) : [`name:${key}`];
  };
  /** the live tokens by hash, and the places their sites cover (the shared token is refused for each) */
  const live = () =>
    cache.get('live', async () => {
      const byHash = await deps.tokens.live();
      const covered = new Set<string>();
      for (const t of byHash.values()) for (const place of await placesOf(t.sitename)) covered.add(place);
      return { byHash, covered };
    });
  /** the sites whose live token was used, by token id: written at the next flush */
  const uses = new Map<number, Date>();
  /** when each token's use was last noted */
  const noted = new Map<number, number>();

  function noteUse(id: number) {
    const at = deps.now();
    const last = noted.get(id);
    if (last !== undefined && at - last < TOUCH_EVERY_MS && at >= last) return;
    noted.set(id, at);
    uses.set(id, new Date(at));
    if (noted.size > 50_000) noted.clear();
  }

  async function flush(): Promise<void> {
    if (uses.size === 0) return;
    const batch = [...uses].map(([id, at]) => ({ id, at }));
    uses.clear();
    await deps.tokens.touch(batch);
  }

  const flusher: Job = (() => {
    let timer: NodeJS.Timeout | undefined;
    return {
      async start() {
        timer = setInterval(() => flush().catch(() => {}), FLUSH_EVERY_MS);
        timer.unref();
      },
      async stop() {
        if (timer) clearInterval(timer);
        await flush().catch(() => {});
      },
    };
  })();

  /** The customer site of the report's id, or 404. */
  async function siteOf(id: number): Promise<string> {
    const site = await deps.wanLinks.find(id);
    if (!site) throw new NotFoundError('customerSiteNotFound');
    return site.sitename;
  }

  /** A new token: 32 random bytes, base64url, after a prefix that says what it is. */
  function fresh(sitename: string, ctx: RequestContext) {
    const token = `${DEVICE_TOKEN_PREFIX}${randomToken()}`;
    return {
      token,
      row: {
        sitename,
        hash: sha256(token),
        hint: token.slice(-4),
        createdBy: ctx.actor.username,
        at: new Date(deps.now()),
      },
    };
  }

  /** This instance's reads dropped after a change here: it takes effect at once. */
  const changed = () => {
    cache.invalidate('live');
    cache.invalidate('names');
  };

  return {
    flusher,

    /**
     * Who may push, from the bearer token alone (before the body is read): a site's live token, or the shared token
     * when it is on; 401 otherwise. A token made on another instance in the last few seconds is looked up by its hash.
     */
    async authorize(presented: string | undefined): Promise<DeviceGrant> {
      if (!presented || presented.length > 200) throw new UnauthorizedError('deviceTokenInvalid');
      const hash = sha256(presented);
      const own = (await live()).byHash.get(hash);
      if (own) {
        noteUse(own.id);
        return { kind: 'site', ...own };
      }
      const common = await deps.shared();
      if (common.token && sameSecret(presented, common.token)) {
        if (!common.enabled) throw new UnauthorizedError('deviceTokenSharedOff');
        return { kind: 'shared' };
      }
      if (presented.startsWith(DEVICE_TOKEN_PREFIX)) {
        const found = await deps.tokens.byHash(hash);
        if (found && !found.revoked) {
          noteUse(found.id);
          return { kind: 'site', id: found.id, sitename: found.sitename };
        }
      }
      throw new UnauthorizedError('deviceTokenInvalid');
    },

    /**
     * Whether the push of `sitename` is allowed to the token's holder, by the sites the name may mean (every name of a
     * site: description, short name, any case and spacing): a site's token writes only its own site (403 otherwise);
     * the shared token only sites without a live token of their own (403 otherwise).
     */
    async admit(grant: DeviceGrant, sitename: string): Promise<void> {
      const places = await placesOf(sitename);
      if (grant.kind === 'site') {
        const own = new Set(await placesOf(grant.sitename));
        if (!places.every((place) => own.has(place))) throw new ForbiddenError('deviceTokenOtherSite');
        return;
      }
      const { covered } = await live();
      if (places.some((place) => covered.has(place))) throw new ForbiddenError('deviceTokenOwnRequired');
    },

    /** A site's tokens (the live one first) with their last use, and whether the shared token works for it. */
    async list(id: number): Promise<DeviceTokenList> {
      const sitename = await siteOf(id);
      await flush().catch(() => {});
      const rows = await deps.tokens.list(sitename);
      const { enabled } = await deps.shared();
      return {
        sitename,
        sharedEnabled: enabled,
        sharedAccepted: enabled && !rows.some((r) => r.revokedAt === null),
        tokens: rows.map(shown),
      };
    },

    /** The site's first token, answered once (409 when it has a live one: rotate it instead). */
    async create(id: number, ctx: RequestContext): Promise<NewDeviceToken> {
      const sitename = await siteOf(id);
      const { token, row } = fresh(sitename, ctx);
      const made = await deps.tokens.create(row, (made, tx) =>
        deps.audit.record('deviceToken.create', ctx, { target: sitename, details: { hint: made.hint } }, tx),
      );
      if (!made) throw new ConflictError('deviceTokenExists');
      changed();
      return { token, ...shown(made) };
    },

    /** A new token for the site and its live one revoked, in one transaction (404 when it has none). */
    async rotate(id: number, ctx: RequestContext): Promise<NewDeviceToken> {
      const sitename = await siteOf(id);
      const { token, row } = fresh(sitename, ctx);
      const done = await deps.tokens.rotate(row, (done, tx) =>
        deps.audit.record(
          'deviceToken.rotate',
          ctx,
          { target: sitename, details: { hint: done.made.hint, revoked: done.revoked.map((r) => r.hint) } },
          tx,
        ),
      );
      if (!done) throw new NotFoundError('deviceTokenNone');
      changed();
      return { token, ...shown(done.made) };
    },

    /** Revokes the site's live token (404 when it has none): its router is refused within seconds. */
    async revoke(id: number, ctx: RequestContext): Promise<void> {
      const sitename = await siteOf(id);
      const revoked = await deps.tokens.revoke(sitename, new Date(deps.now()), (revoked, tx) =>
        deps.audit.record(
          'deviceToken.revoke',
          ctx,
          { target: sitename, details: { revoked: revoked.map((r) => r.hint) } },
          tx,
        ),
      );
      if (revoked.length === 0) throw new NotFoundError('deviceTokenNone');
      changed();
    },
  };
}

export type DeviceTokensService = ReturnType<typeof createDeviceTokensService>;
