import type { DetailDateInput } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys, type DetailParams } from './queryKeys.ts';

/** The filters as a query (or body): empty ones left out. */
export function detailFilters(params: DetailParams): Pick<DetailDateInput, 'q' | 'status' | 'providerId'> {
  return {
    q: params.q || undefined,
    // the status filter holds one of the statuses, or '' for all
    status: (params.status || undefined) as DetailDateInput['status'],
    providerId: params.providerId ?? undefined,
  };
}

/**
 * One page of channel details. With a date range, the deploy-request-date search
 * (POST /it4u/channel/attribute.date); without one, every detail.
 */
export function useDetailsQuery(params: DetailParams) {
  return useQuery({
    queryKey: channelKeys.detailList(params),
    queryFn: () =>
      params.fromDate !== null && params.toDate !== null
        ? call('POST /it4u/channel/attribute.date', {
            body: {
              fromDate: params.fromDate,
              toDate: params.toDate,
              page: params.page,
              pageSize: params.pageSize,
              ...detailFilters(params),
            },
          })
        : call('GET /it4u/channel/detail.all', {
            query: { page: params.page, pageSize: params.pageSize, ...detailFilters(params) },
          }),
    placeholderData: keepPreviousData,
  });
}
