import { PROPERTIES_MAX_BYTES } from '@it4u/shared';
import { cronjobRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { serve } from '../../lib/serve.ts';
import type { CronjobService } from './cronjob.service.ts';

/** The file of a multipart upload, stopped past 64 KB. */
async function uploaded(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new BadRequestError('noFile', 'file');
  const file = await request.file({ limits: { fileSize: PROPERTIES_MAX_BYTES } });
  if (!file) throw new BadRequestError('noFile', 'file');
  try {
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'propertiesTooLarge', { max: PROPERTIES_MAX_BYTES / 1024 });
    }
    throw err;
  }
}

/** The Cronjob tab (ADMIN, LEAD_KT, KT): each site's config.properties, its versions, their delivery. */
export async function cronjobRoutes(app: FastifyInstance, opts: { cronjob: CronjobService }) {
  const { cronjob } = opts;
  serve(app, routes, {
    'GET /properties/:site': ({ params }) => cronjob.current(params.site),
    'POST /properties/:site': async (request) => {
      const { filename, bytes } = await uploaded(request);
      return cronjob.upload(request.params.site, filename, bytes, contextOf(request));
    },
    'GET /properties/:site/versions': ({ params }) => cronjob.versions(params.site),
    'GET /properties/:site/versions/:version': ({ params }) => cronjob.version(params.site, params.version),
    'POST /properties/:site/versions/:version/restore': (request) =>
      cronjob.restore(request.params.site, request.params.version, contextOf(request)),
  });
}
