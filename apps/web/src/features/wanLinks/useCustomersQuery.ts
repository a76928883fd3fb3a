import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

/** How often the report asks again: a router pushes every 4 minutes. */
const REFRESH_MS = 60_000;

/** The customer sites of one service group ('ALL': every group), asked again every minute. */
export function useCustomersQuery(group: string) {
  return useQuery({
    queryKey: wanLinksKeys.list(group),
    queryFn: () => call('GET /it4u/customer_info/:group', { params: { group } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
