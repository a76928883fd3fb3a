import { type Static, Type } from '@sinclair/typebox';
import { AUDIT_AREAS, type AuditArea } from '../audit.ts';
import { Epoch, Id, OptionalText, PageNumber, PageSize, pageOf, SearchText } from './common.ts';

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  /** epoch ms */
  at: Type.Number(),
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  /** the person's username, '' for the console itself (a schedule, the demo) */
  actorName: Type.String(),
  event: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** what changed (each changed field with its value before and after) and the facts of the event; never a secret */
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

/** The filters of the audit trail: text, person, area, site, customer (a contract), time (epoch ms, inclusive). */
export const AuditFilterQuery = Type.Object({
  /** text in the event, its target or its details */
  q: Type.Optional(SearchText),
  /** the person's username, exactly (any case) */
  actor: OptionalText(100),
  area: Type.Optional(Type.Unsafe<AuditArea>({ type: 'string', enum: Object.keys(AUDIT_AREAS) })),
  /** a site's short name: the events about that site */
  site: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' })),
  /** a contract: the events about it and about its sites */
  contractId: Type.Optional(Id),
  fromDate: Type.Optional(Epoch),
  toDate: Type.Optional(Epoch),
});

/** The filters and a page. */
export const AuditQuery = Type.Composite([
  AuditFilterQuery,
  Type.Object({
    page: Type.Integer({ ...PageNumber, default: 1 }),
    pageSize: Type.Integer({ ...PageSize, default: 20 }),
  }),
]);

export const AuditPageSchema = pageOf(AuditEntrySchema);

export type AuditEntry = Static<typeof AuditEntrySchema>;

/** A change to a site on its chart: when, by whom, what (no address, no details). */
export const SiteChangeSchema = Type.Pick(AuditEntrySchema, ['id', 'at', 'actorName', 'event']);
export type SiteChange = Static<typeof SiteChangeSchema>;
