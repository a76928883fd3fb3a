import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema, PageQuery, pageOf } from '../api/common.ts';
import { SiteBody, SiteSchema, SiteSyncSchema } from '../api/sites.ts';
import { defineRoutes } from '../contract.ts';

const SiteList = Type.Array(SiteSchema);

/** The site names: the controller's sites as the console names them, and who may see which. */
export const sitesRoutes = defineRoutes('sites', {
  'GET /it4u/getSitename/': {
    access: 'signedIn',
    summary: "The caller's sites: all sites for staff, their own for customers",
    response: SiteList,
  },
  'GET /it4u/sitenames': {
    access: 'allSites',
    summary: 'Every site (staff only)',
    response: SiteList,
  },
  'GET /it4u/sitename': {
    access: 'manage',
    summary: 'Site names, paged and searchable',
    query: PageQuery,
    response: pageOf(SiteSchema),
    tag: 'sitenames',
  },
  'GET /it4u/sitename/:id': {
    access: 'manage',
    summary: 'One site name',
    params: IdParams,
    response: SiteSchema,
    errors: [404],
    tag: 'sitenames',
  },
  'POST /it4u/sitename/': {
    access: 'manage',
    audit: 'site.create',
    summary: 'Add a site name (sitename: description, idname: the controller short name)',
    body: SiteBody,
    response: SiteSchema,
    status: 201,
    errors: [409],
    tag: 'sitenames',
  },
  'PUT /it4u/sitename/:id': {
    access: 'manage',
    audit: 'site.update',
    summary: 'Change a site name',
    params: IdParams,
    body: SiteBody,
    response: SiteSchema,
    errors: [404, 409],
    tag: 'sitenames',
  },
  'DELETE /it4u/sitename/:id': {
    access: 'manage',
    audit: 'site.delete',
    summary: 'Delete a site name (its links to users go with it)',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
    tag: 'sitenames',
  },
  'GET /it4u/createSitesName': {
    access: 'manage',
    summary:
      "Fill the site-names table from every controller's sites, keeping the links to users; says what changed on each controller (one that cannot be read is reported, the others go on)",
    response: SiteSyncSchema,
    errors: [502, 503, 504],
    tag: 'unifi',
  },
});
