import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { DateRange } from '../../components/filters/dateRange.ts';
import { suppliesKeys } from './queryKeys.ts';

/** One row per catalogue item for the period (both ends inclusive). */
export function useReportQuery(range: DateRange) {
  return useQuery({
    queryKey: suppliesKeys.report(range),
    queryFn: () => call('POST /it4u/reportSupplies', { body: { fromDate: range.fromDate, toDate: range.toDate } }),
    placeholderData: keepPreviousData,
  });
}
