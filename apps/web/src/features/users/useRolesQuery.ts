import type { Role } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usersKeys } from './queryKeys.ts';

export function useRolesQuery() {
  return useQuery({
    queryKey: usersKeys.roles(),
    queryFn: () => api.get<Role[]>('/role'),
    staleTime: 10 * 60_000,
  });
}
