import type { SystemParameters } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { configKeys } from './queryKeys.ts';

export function useParametersQuery() {
  return useQuery({
    queryKey: configKeys.parameters(),
    queryFn: () => api.get<SystemParameters>('/it4u/systemConfig'),
    retry: false,
  });
}
