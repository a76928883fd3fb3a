import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SPLASH_KINDS, SPLASH_MAX_BYTES, type SplashKind } from '@it4u/shared';
import { SiteParams } from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { authErrors, secured } from '../../lib/schemas.ts';
import type { UploadsService } from './uploads.service.ts';

const SplashViewSchema = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() });
const SplashesSchema = Type.Object({
  desktop: Type.Optional(SplashViewSchema),
  mobile: Type.Optional(SplashViewSchema),
});

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
export async function uploadsRoutes(app: FastifyInstance, opts: { uploads: UploadsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { uploads } = opts;
  const tags = ['uploads'];
  const writer = { onRequest: app.auth('wirelessWrite') };
  const upload = (kind: SplashKind | undefined) => ({
    ...writer,
    schema: {
      tags,
      summary:
        kind === undefined
          ? 'A splash image (multipart `file`, PNG, at most 5 MB): desktop or phone by its shape'
          : `The ${kind === 'desktop' ? 'desktop (PNG 16:10)' : 'phone (PNG 9:16)'} splash image (multipart \`file\`, at most 5 MB)`,
      security: secured,
      params: SiteParams,
      consumes: ['multipart/form-data'],
      response: { 201: SplashViewSchema, ...authErrors },
    },
  });

  r.post('/upload/:site', upload(undefined), async (request, reply) =>
    reply
      .status(201)
      .send(await uploads.upload(request.principal, request.params.site, undefined, await uploadedPng(request))),
  );
  for (const kind of SPLASH_KINDS) {
    r.post(`/upload/:site/${kind}`, upload(kind), async (request, reply) =>
      reply
        .status(201)
        .send(await uploads.upload(request.principal, request.params.site, kind, await uploadedPng(request))),
    );
  }

  r.get(
    '/it4u/:site/splash',
    {
      onRequest: app.auth(),
      schema: {
        tags,
        summary: "The site's splash images (their public addresses and sizes), for the preview",
        security: secured,
        params: SiteParams,
        response: { 200: SplashesSchema, ...authErrors },
      },
    },
    (request) => uploads.ofSite(request.principal, request.params.site),
  );
}

const ImageParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  kind: Type.Unsafe<SplashKind>({ type: 'string', enum: [...SPLASH_KINDS] }),
  file: Type.String({ maxLength: 13, pattern: '^[1-9][0-9]{0,8}\\.png$' }),
});

/** The images themselves, public (the guest page shows them before anyone signs in), cached for good. */
export async function splashImageRoutes(app: FastifyInstance, opts: { uploads: UploadsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/images/:site/:kind/:file',
    { schema: { tags: ['uploads'], summary: 'A splash image (public, cached for good)', params: ImageParams } },
    async (request, reply) => {
      const { site, kind, file } = request.params;
      const image = await opts.uploads.image(site, kind, Number.parseInt(file, 10));
      if (!image) throw new AppError(404, 'splashNotFound');
      reply.header('etag', image.etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type('image/png').send(image.png);
    },
  );
}
