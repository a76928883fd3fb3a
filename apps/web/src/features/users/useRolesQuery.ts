import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usersKeys } from './queryKeys.ts';

export type Role = { id: number; name: string };

export function useRolesQuery() {
  return useQuery({
    queryKey: usersKeys.roles(),
    queryFn: () => api.get<Role[]>('/role'),
    staleTime: 10 * 60_000,
  });
}
