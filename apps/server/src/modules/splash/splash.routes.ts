import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SPLASH_KINDS, SPLASH_MAX_BYTES, type SplashKind } from '@it4u/shared';
import { splashRoutes as routes } from '@it4u/shared/routes';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { serve } from '../../lib/serve.ts';
import type { SplashService } from './splash.service.ts';

/** The PNG of a multipart upload, stopped past 5 MB. */
async function uploadedPng(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError('noFile', 'file');
  const file = await request.file({ limits: { fileSize: SPLASH_MAX_BYTES } });
  if (!file) throw new BadRequestError('noFile', 'file');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'imageTooLarge', { max: 5 });
    throw err;
  }
}

/** Uploads of the guest page's splash images (signed in, wirelessWrite) and the site's images for the preview. */
export async function splashRoutes(app: FastifyInstance, opts: { splash: SplashService }) {
  const { splash } = opts;
  const upload = (kind: SplashKind | undefined) => async (request: FastifyRequest<{ Params: { site: string } }>) =>
    splash.upload(contextOf(request), request.params.site, kind, await uploadedPng(request));

  serve(app, routes, {
    'POST /upload/:site': upload(undefined),
    'POST /upload/:site/desktop': upload('desktop'),
    'POST /upload/:site/mobile': upload('mobile'),
    'GET /it4u/:site/splash': ({ principal, params }) => splash.ofSite(principal, params.site),
  });
}

const ImageParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  kind: Type.Unsafe<SplashKind>({ type: 'string', enum: [...SPLASH_KINDS] }),
  file: Type.String({ maxLength: 13, pattern: '^[1-9][0-9]{0,8}\\.png$' }),
});

/**
 * The images themselves, public (the guest page shows them before anyone signs in), cached for good. Served at the
 * root, outside /api/v1 (with a 304 of its own), so a plain Fastify route rather than a contract.
 */
export async function splashImageRoutes(app: FastifyInstance, opts: { splash: SplashService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/images/:site/:kind/:file',
    { schema: { tags: ['splash images'], summary: 'A splash image (public, cached for good)', params: ImageParams } },
    async (request, reply) => {
      const { site, kind, file } = request.params;
      const image = await opts.splash.image(site, kind, Number.parseInt(file, 10));
      if (!image) throw new AppError(404, 'splashNotFound');
      reply.header('etag', image.etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type('image/png').send(image.png);
    },
  );
}
