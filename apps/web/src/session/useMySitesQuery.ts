import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { sessionKeys } from './sessionKeys.ts';

/** The caller's sites, or every site for staff roles: the source of site pickers. */
export function useMySitesQuery(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.mySites(),
    queryFn: () => call('GET /it4u/getSitename/'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
