import { createHash } from 'node:crypto';
import { pngSize, type SplashKind, splashKindOf, splashProblem } from '@it4u/shared';
import type { Actor } from '../../lib/context.ts';
import { AppError, BadRequestError, UnsupportedMediaTypeError } from '../../lib/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { SplashInfo, UploadsRepository } from './uploads.repository.ts';

/** Where the public guest page finds an image: its number changes with each upload, so it can be cached for good. */
export const splashUrl = (i: Pick<SplashInfo, 'site' | 'kind' | 'n'>) =>
  `/images/${encodeURIComponent(i.site)}/${i.kind}/${i.n}.png`;

export type SplashView = { url: string; width: number; height: number };

/** The splash images of the guest login page: checked by their content, stored in the database, served publicly. */
export function createUploadsService(deps: { images: UploadsRepository; sites: SitesService }) {
  return {
    /** Stores an image for a kind (or the kind its shape says): a PNG of the kind's ratio, at most 5 MB. */
    async upload(actor: Actor, site: string, named: SplashKind | undefined, png: Buffer): Promise<SplashView> {
      deps.sites.assertAccess(actor, site);
      await deps.sites.idsOf([site]); // a site of the site names (unknownSites otherwise)
      const kind = named ?? splashKindOf(png) ?? undefined;
      const problem = kind ? splashProblem(kind, png) : (splashProblem('desktop', png) ?? splashProblem('mobile', png));
      if (problem?.code === 'notAPng') throw new UnsupportedMediaTypeError('notAPng');
      if (problem?.code === 'imageTooLarge') throw new AppError(413, 'imageTooLarge', problem.params);
      if (problem || !kind) throw new BadRequestError('imageRatio', 'file', problem?.params);
      const size = pngSize(png) ?? { width: 0, height: 0 };
      const etag = `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`;
      const n = await deps.images.put({ site, kind, png, etag, ...size });
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
    async image(site: string, kind: SplashKind, n: number) {
      const image = await deps.images.get(site, kind);
      return image && image.n === n ? image : undefined;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
