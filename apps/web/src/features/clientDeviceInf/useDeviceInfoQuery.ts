import type { DeviceInfo, Page } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { PagingParams } from '../../components/usePaging.ts';
import { deviceInfoKeys } from './queryKeys.ts';

/** A page of device information: `pageSize` rows (GET /it4u/clientDeviceInfLimit/{x}), those the search finds. */
export function useDeviceInfoQuery(params: PagingParams) {
  return useQuery({
    queryKey: deviceInfoKeys.list(params),
    queryFn: () =>
      api.get<Page<DeviceInfo>>(`/it4u/clientDeviceInfLimit/${params.pageSize}`, {
        page: params.page,
        q: params.q || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}
