import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PROPERTIES_MAX_BYTES } from '@it4u/shared';
import {
  CronjobVersionSchema,
  CronjobVersionTextSchema,
  PropertiesFileSchema,
  SiteParams,
  VersionParams,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
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
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { cronjob } = opts;
  const guard = { onRequest: app.auth('cronjob') };
  const tags = ['cronjob'];
  const security = secured;

  r.get(
    '/properties/:site',
    {
      ...guard,
      schema: {
        tags,
        summary: "The site's current cronjob file (config.properties); empty when it has none",
        security,
        params: SiteParams,
        response: { 200: PropertiesFileSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => cronjob.current(request.params.site),
  );

  r.post(
    '/properties/:site',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Upload a new version (multipart `file`, .properties, UTF-8, at most 64 KB; 400 names the line of a syntax error), then write it to the controller host when one is set',
        security,
        params: SiteParams,
        consumes: ['multipart/form-data'],
        response: { 201: CronjobVersionSchema, ...authErrors, 404: ErrorRef, 413: ErrorRef, 415: ErrorRef },
      },
    },
    async (request, reply) => {
      const { filename, bytes } = await uploaded(request);
      return reply.status(201).send(await cronjob.upload(request.params.site, filename, bytes, contextOf(request)));
    },
  );

  r.get(
    '/properties/:site/versions',
    {
      ...guard,
      schema: {
        tags,
        summary: "The versions of the site's cronjob file, newest first: who, when, delivered or not",
        security,
        params: SiteParams,
        response: { 200: Type.Array(CronjobVersionSchema), ...authErrors, 404: ErrorRef },
      },
    },
    (request) => cronjob.versions(request.params.site),
  );

  r.get(
    '/properties/:site/versions/:version',
    {
      ...guard,
      schema: {
        tags,
        summary: 'One version with its text',
        security,
        params: VersionParams,
        response: { 200: CronjobVersionTextSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => cronjob.version(request.params.site, request.params.version),
  );

  r.post(
    '/properties/:site/versions/:version/restore',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Restore a version: it becomes a new version, delivered again',
        security,
        params: VersionParams,
        response: { 201: CronjobVersionSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await cronjob.restore(request.params.site, request.params.version, contextOf(request))),
  );
}
