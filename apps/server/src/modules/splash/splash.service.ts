import { createHash } from 'node:crypto';
import { pngSize, type SplashKind, splashKindOf, splashProblem } from '@it4u/shared';
import type { Audit } from '../../lib/audit.ts';
import type { Actor, RequestContext } from '../../lib/context.ts';
import { AppError, BadRequestError, UnsupportedMediaTypeError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { SplashImage, SplashInfo, SplashRepository } from './splash.repository.ts';

/** Where the public guest page finds an image: its number changes with each upload, so it can be cached for good. */
export const splashUrl = (i: Pick<SplashInfo, 'site' | 'kind' | 'n'>) =>
  `/images/${encodeURIComponent(i.site)}/${i.kind}/${i.n}.png`;

export type SplashView = { url: string; width: number; height: number };

/** How long an image read from the database is served from memory (its address's bytes never change). */
const IMAGE_CACHE_MS = 60_000;

/**
 * The splash images of the guest login page: checked by their content, stored in the database, served publicly.
 * An image, once read, is kept in memory for a minute: its address names its bytes, so the only staleness is a
 * replaced image's old address answering for up to a minute on another instance (this one forgets it at once).
 */
export function createSplashService(deps: { images: SplashRepository; sites: SitesService; audit: Audit }) {
  const cached = new Map<string, { image: SplashImage | undefined; at: number }>();
  const uploaded = new Set<(site: string) => void>();
  return {
    /** Calls `listener` with the site after each upload here (the guest page drops the view it keeps of the site). */
    onUpload(listener: (site: string) => void): void {
      uploaded.add(listener);
    },

    /** Stores an image for a kind (or the kind its shape says): a PNG of the kind's ratio, at most 5 MB. */
    async upload(ctx: RequestContext, site: string, named: SplashKind | undefined, png: Buffer): Promise<SplashView> {
      deps.sites.assertAccess(ctx.actor, site);
      await deps.sites.idsOf([site]); // a site of the site names (unknownSites otherwise)
      const kind = named ?? splashKindOf(png) ?? undefined;
      const problem = kind ? splashProblem(kind, png) : (splashProblem('desktop', png) ?? splashProblem('mobile', png));
      if (problem?.code === 'notAPng') throw new UnsupportedMediaTypeError('notAPng');
      if (problem?.code === 'imageTooLarge') throw new AppError(413, 'imageTooLarge', problem.params);
      if (problem?.code === 'imageDimensions') throw new BadRequestError('imageDimensions', 'file', problem.params);
      if (problem || !kind) throw new BadRequestError('imageRatio', 'file', problem?.params);
      const size = pngSize(png) ?? { width: 0, height: 0 };
      const etag = `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`;
      const details = { site, kind, bytes: png.length, ...size, sha256: etag.slice(1, -1) };
      const n = await deps.images.put({ site, kind, png, etag, ...size }, (tx) =>
        deps.audit.record('splash.upload', ctx, { target: `site:${site}`, details }, tx),
      );
      for (const key of cached.keys()) if (key.startsWith(`${site}/${kind}/`)) cached.delete(key);
      for (const listener of uploaded) listener(site);
      return { url: splashUrl({ site, kind, n }), ...size };
    },

    /** The site's images as the preview shows them. */
    async ofSite(actor: Actor, site: string): Promise<Partial<Record<SplashKind, SplashView>>> {
      deps.sites.assertAccess(actor, site);
      const out: Partial<Record<SplashKind, SplashView>> = {};
      for (const i of await deps.images.infoOf(site))
        out[i.kind] = { url: splashUrl(i), width: i.width, height: i.height };
      return out;
    },

    /** The site's images' public addresses, for the guest login page. */
    async publicImages(site: string): Promise<Partial<Record<SplashKind, string>>> {
      return Object.fromEntries((await deps.images.infoOf(site)).map((i) => [i.kind, splashUrl(i)]));
    },

    /** An image by its public address: only the current number of a site's kind. */
    async image(site: string, kind: SplashKind, n: number): Promise<SplashImage | undefined> {
      const key = `${site}/${kind}/${n}`;
      const hit = cached.get(key);
      if (hit && Date.now() - hit.at < IMAGE_CACHE_MS) return hit.image;
      const stored = await deps.images.get(site, kind);
      const image = stored && stored.n === n ? stored : undefined;
      if (cached.size >= 500) cached.clear();
      cached.set(key, { image, at: Date.now() });
      return image;
    },
  };
}

export type SplashService = ReturnType<typeof createSplashService>;
