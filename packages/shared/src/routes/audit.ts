import { Type } from '@sinclair/typebox';
import { AuditFilterQuery, AuditPageSchema, AuditQuery, SiteChangeSchema } from '../api/audit.ts';
import { Epoch, SiteParams } from '../api/common.ts';
import { defineRoutes } from '../contract.ts';

/** The audit trail: who changed what, when, from where, in every area. */
export const auditRoutes = defineRoutes('audit', {
  'GET /it4u/audit': {
    access: 'auditTrail',
    summary: 'The audit trail, newest first, paged: filtered by text, person, area, site, customer (contract) and time',
    query: AuditQuery,
    response: AuditPageSchema,
    errors: [404],
  },
  'GET /it4u/audit/export': {
    access: 'auditTrail',
    summary: 'The audit trail as filtered, as a spreadsheet (.xlsx, at most 100,000 lines)',
    query: AuditFilterQuery,
    errors: [404, 429],
  },
  'GET /it4u/:site/changes': {
    access: 'manage',
    summary:
      "The changes made to a site's wifi between two times (epoch ms): its wireless networks, groups and hotspot, splash images, cronjob file and name, oldest first (at most 500), for the marks on its connection history",
    params: SiteParams,
    query: Type.Object({ start: Epoch, end: Epoch }),
    response: Type.Array(SiteChangeSchema),
    errors: [403],
  },
});
