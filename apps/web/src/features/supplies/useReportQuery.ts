import type { ReportRow } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { DateRange } from '../../components/dateRange.ts';
import { suppliesKeys } from './queryKeys.ts';

/** One row per catalogue item for the period (both ends inclusive). */
export function useReportQuery(range: DateRange) {
  return useQuery({
    queryKey: suppliesKeys.report(range),
    queryFn: () => api.post<ReportRow[]>('/it4u/reportSupplies', range),
    placeholderData: keepPreviousData,
  });
}
