import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type SiteNamesParams, siteNamesKeys } from './queryKeys.ts';

export function useSiteNamesQuery(params: SiteNamesParams) {
  return useQuery({
    queryKey: siteNamesKeys.list(params),
    queryFn: () => call('GET /it4u/sitename', { query: { page: params.page, pageSize: params.pageSize, q: params.q } }),
    placeholderData: keepPreviousData,
  });
}
