import type { ReportInput, ReportRow } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { DateRange } from '../../components/dateRange.ts';
import { suppliesKeys } from './queryKeys.ts';

/** One row per catalogue item for the period (both ends inclusive). */
export function useReportQuery(range: DateRange) {
  return useQuery({
    queryKey: suppliesKeys.report(range),
    queryFn: () => {
      const body: ReportInput = { fromDate: range.fromDate, toDate: range.toDate };
      return api.post<ReportRow[]>('/it4u/reportSupplies', body);
    },
    placeholderData: keepPreviousData,
  });
}
