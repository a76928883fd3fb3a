import { Type } from '@sinclair/typebox';
import { SiteParams } from '../api/common.ts';
import { CronjobVersionSchema, CronjobVersionTextSchema, PropertiesFileSchema, VersionParams } from '../api/cronjob.ts';
import { defineRoutes } from '../contract.ts';

/** The Cronjob tab (ADMIN, LEAD_KT, KT): each site's config.properties, its versions, their delivery. */
export const cronjobRoutes = defineRoutes('cronjob', {
  'GET /properties/:site': {
    access: 'cronjob',
    summary: "The site's current cronjob file (config.properties); empty when it has none",
    params: SiteParams,
    response: PropertiesFileSchema,
    errors: [404],
  },
  'POST /properties/:site': {
    access: 'cronjob',
    audit: 'cronjob.upload',
    summary:
      'Upload a new version (multipart `file`, .properties, UTF-8, at most 64 KB; 400 names the line of a syntax error), then write it to the controller host when one is set',
    params: SiteParams,
    consumes: ['multipart/form-data'],
    response: CronjobVersionSchema,
    status: 201,
    errors: [404, 413, 415],
  },
  'GET /properties/:site/versions': {
    access: 'cronjob',
    summary: "The versions of the site's cronjob file, newest first: who, when, delivered or not",
    params: SiteParams,
    response: Type.Array(CronjobVersionSchema),
    errors: [404],
  },
  'GET /properties/:site/versions/:version': {
    access: 'cronjob',
    summary: 'One version with its text',
    params: VersionParams,
    response: CronjobVersionTextSchema,
    errors: [404],
  },
  'POST /properties/:site/versions/:version/restore': {
    access: 'cronjob',
    audit: 'cronjob.',
    summary: 'Restore a version: it becomes a new version, delivered again',
    params: VersionParams,
    response: CronjobVersionSchema,
    status: 201,
    errors: [404],
  },
});
