import type { CurrentUser } from '@it4u/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { sessionKeys } from './sessionKeys.ts';

export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: () => api.get<CurrentUser>('/user/me'),
  staleTime: 60_000,
  retry: false,
});

export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQuery, enabled });
}
