import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, MessageSchema, PageQuery, pageOf, SiteBody, SiteSchema } from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { SitesService } from './sites.service.ts';

export async function sitesRoutes(app: FastifyInstance, opts: { sites: SitesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { sites } = opts;
  const tags = ['sites'];
  const manage = { onRequest: app.auth('manage') };
  const SiteList = Type.Array(SiteSchema);

  r.get(
    '/it4u/getSitename/',
    {
      onRequest: app.auth(),
      schema: {
        tags,
        summary: "The caller's sites: all sites for staff, their own for customers",
        security: secured,
        response: { 200: SiteList, 401: ErrorRef },
      },
    },
    (request) => sites.visibleTo(request.principal),
  );

  r.get(
    '/it4u/sitenames',
    {
      onRequest: app.auth('allSites'),
      schema: {
        tags,
        summary: 'Every site (staff only)',
        security: secured,
        response: { 200: SiteList, ...authErrors },
      },
    },
    () => sites.all(),
  );

  r.get(
    '/it4u/sitename',
    {
      ...manage,
      schema: {
        tags: ['sitenames'],
        summary: 'Site names, paged and searchable',
        security: secured,
        querystring: PageQuery,
        response: { 200: pageOf(SiteSchema), ...authErrors },
      },
    },
    (request) => sites.page(request.query.q, request.query.page, request.query.pageSize),
  );

  r.get(
    '/it4u/sitename/:id',
    {
      ...manage,
      schema: {
        tags: ['sitenames'],
        summary: 'One site name',
        security: secured,
        params: IdParams,
        response: { 200: SiteSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => sites.get(request.params.id),
  );

  r.post(
    '/it4u/sitename/',
    {
      ...manage,
      schema: {
        tags: ['sitenames'],
        summary: 'Add a site name (sitename: description, idname: the controller short name)',
        security: secured,
        body: SiteBody,
        response: { 201: SiteSchema, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await sites.create(request.body, contextOf(request))),
  );

  r.put(
    '/it4u/sitename/:id',
    {
      ...manage,
      schema: {
        tags: ['sitenames'],
        summary: 'Change a site name',
        security: secured,
        params: IdParams,
        body: SiteBody,
        response: { 200: SiteSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    (request) => sites.update(request.params.id, request.body, contextOf(request)),
  );

  r.delete(
    '/it4u/sitename/:id',
    {
      ...manage,
      schema: {
        tags: ['sitenames'],
        summary: 'Delete a site name (its links to users go with it)',
        security: secured,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await sites.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  );

  r.get(
    '/it4u/createSitesName',
    {
      ...manage,
      schema: {
        tags: ['unifi'],
        summary: "Fill the site-names table from the controller's sites, keeping the links to users",
        security: secured,
        response: {
          200: Type.Object({ added: Type.Integer(), updated: Type.Integer(), total: Type.Integer() }),
          ...authErrors,
          502: ErrorRef,
          503: ErrorRef,
          504: ErrorRef,
        },
      },
    },
    (request) => sites.syncFromController(contextOf(request)),
  );
}
