import { Type } from '@sinclair/typebox';
import { SiteParams } from '../api/common.ts';
import { defineRoutes } from '../contract.ts';

/** A splash image as the console shows it: its public address and its size in pixels. */
export const SplashViewSchema = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() });
/** A site's splash images, the desktop one and the phone one, each when uploaded. */
export const SplashesSchema = Type.Object({
  desktop: Type.Optional(SplashViewSchema),
  mobile: Type.Optional(SplashViewSchema),
});

const upload = (summary: string) =>
  ({
    access: 'wirelessWrite',
    audit: 'splash.upload',
    summary,
    params: SiteParams,
    consumes: ['multipart/form-data'],
    response: SplashViewSchema,
    status: 201,
  }) as const;

/**
 * Uploads of the guest page's splash images (signed in, wirelessWrite) and the site's images for the preview. The
 * images themselves are served outside /api/v1, to anyone (the server's splashImageRoutes).
 */
export const splashRoutes = defineRoutes('splash images', {
  'POST /upload/:site': upload('A splash image (multipart `file`, PNG, at most 5 MB): desktop or phone by its shape'),
  'POST /upload/:site/desktop': upload('The desktop (PNG 16:10) splash image (multipart `file`, at most 5 MB)'),
  'POST /upload/:site/mobile': upload('The phone (PNG 9:16) splash image (multipart `file`, at most 5 MB)'),
  'GET /it4u/:site/splash': {
    access: 'signedIn',
    summary: "The site's splash images (their public addresses and sizes), for the preview",
    params: SiteParams,
    response: SplashesSchema,
  },
});
