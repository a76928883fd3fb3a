import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type UsersListParams, usersKeys } from './queryKeys.ts';

/** One page of users (ADMIN and LEAD_KT only; the server answers 403 to the others). */
export function useUsersQuery(params: UsersListParams) {
  return useQuery({
    queryKey: usersKeys.list(params),
    queryFn: () => call('GET /user', { query: { page: params.page, pageSize: params.pageSize, q: params.q } }),
    placeholderData: keepPreviousData,
  });
}
