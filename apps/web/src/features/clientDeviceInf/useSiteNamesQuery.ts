import type { Page, Site } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { type SiteNamesParams, siteNamesKeys } from './queryKeys.ts';

export function useSiteNamesQuery(params: SiteNamesParams) {
  return useQuery({
    queryKey: siteNamesKeys.list(params),
    queryFn: () => api.get<Page<Site>>('/it4u/sitename', { page: params.page, pageSize: params.pageSize, q: params.q }),
    placeholderData: keepPreviousData,
  });
}
