import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PagingParams } from '../../components/table/usePaging.ts';
import { deviceInfoKeys } from './queryKeys.ts';

/** A page of device information: `pageSize` rows (GET /it4u/clientDeviceInfLimit/{x}), those the search finds. */
export function useDeviceInfoQuery(params: PagingParams) {
  return useQuery({
    queryKey: deviceInfoKeys.list(params),
    queryFn: () =>
      call('GET /it4u/clientDeviceInfLimit/:x', {
        params: { x: params.pageSize },
        query: { page: params.page, q: params.q || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}
