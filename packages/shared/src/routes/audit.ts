import { AuditFilterQuery, AuditPageSchema, AuditQuery } from '../api/audit.ts';
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
});
