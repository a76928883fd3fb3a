import type { AuditArea } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** The filters of the audit trail; null is "any". */
export type AuditFilters = {
  q: string;
  actor: string;
  area: AuditArea | null;
  site: string | null;
  contractId: number | null;
  fromDate: number | null;
  toDate: number | null;
};

/** The query string of the filters (what the page and the export send). */
export function auditQuery(f: AuditFilters) {
  return {
    ...(f.q && { q: f.q }),
    ...(f.actor.trim() && { actor: f.actor.trim() }),
    ...(f.area && { area: f.area }),
    ...(f.site && { site: f.site }),
    ...(f.contractId !== null && { contractId: f.contractId }),
    ...(f.fromDate !== null && { fromDate: f.fromDate }),
    ...(f.toDate !== null && { toDate: f.toDate }),
  };
}

export const auditKeys = {
  all: ['audit'] as const,
  page: (f: AuditFilters, page: number, pageSize: number) => [...auditKeys.all, f, page, pageSize] as const,
};

export const useAuditQuery = (f: AuditFilters, page: number, pageSize: number) =>
  useQuery({
    queryKey: auditKeys.page(f, page, pageSize),
    queryFn: () => call('GET /it4u/audit', { query: { ...auditQuery(f), page, pageSize } }),
    placeholderData: keepPreviousData,
  });
