import { type Static, Type } from '@sinclair/typebox';
import { SITE_SHORT_NAME, SITE_SHORT_NAME_MAX } from '../siteNames.ts';

export const SiteSchema = Type.Object(
  {
    id: Type.Integer(),
    sitename: Type.String(),
    idname: Type.String(),
    /** the spec's name of `sitename`, answered by the site-name routes */
    name: Type.Optional(Type.String()),
    /** the customers of the contracts covering the site (GET /it4u/getSitename/: the site selectors search them) */
    customers: Type.Optional(Type.Array(Type.String())),
    /** the numbers of those contracts */
    contracts: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'Site' },
);

/** A site name; its short name follows the controller's own rule (never `.`, `..` nor `/`). */
export const SiteBody = Type.Object({
  sitename: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  idname: Type.String({ minLength: 1, maxLength: SITE_SHORT_NAME_MAX, pattern: SITE_SHORT_NAME }),
});

/** A site named in a request: its short name, or the site as the API returns it ({sitename, idname}). */
export const SiteNameRef = Type.Union([
  Type.String({ minLength: 1, maxLength: 100 }),
  Type.Object({
    idname: Type.String({ minLength: 1, maxLength: 100 }),
    sitename: Type.Optional(Type.String({ maxLength: 200 })),
  }),
]);

/** What a sync did: added and changed site names, the sites the controllers have, and what it did on each. */
export const SiteSyncSchema = Type.Object({
  added: Type.Integer(),
  updated: Type.Integer(),
  total: Type.Integer(),
  controllers: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Union([Type.Integer(), Type.Null()]),
        name: Type.String(),
        sites: Type.Integer(),
        added: Type.Integer(),
        updated: Type.Integer(),
        /** why the controller could not be read: an error code with its parameters */
        error: Type.Optional(
          Type.Object({
            code: Type.String(),
            params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
          }),
        ),
      }),
    ),
  ),
});

export type Site = Static<typeof SiteSchema>;
export type SiteInput = Static<typeof SiteBody>;
export type SiteSync = Static<typeof SiteSyncSchema>;
