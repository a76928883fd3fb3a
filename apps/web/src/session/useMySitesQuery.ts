import type { Site } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { sessionKeys } from './sessionKeys.ts';

/** The caller's sites, or every site for staff roles: the source of site pickers. */
export function useMySitesQuery(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.mySites(),
    queryFn: () => api.get<Site[]>('/it4u/getSitename/'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
