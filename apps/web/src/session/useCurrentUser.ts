import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { sessionKeys } from './sessionKeys.ts';

export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: () => call('GET /user/me'),
  staleTime: 60_000,
  retry: false,
});

export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQuery, enabled });
}
