import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { usersKeys } from './queryKeys.ts';

export function useRolesQuery() {
  return useQuery({
    queryKey: usersKeys.roles(),
    queryFn: () => call('GET /role'),
    staleTime: 10 * 60_000,
  });
}
