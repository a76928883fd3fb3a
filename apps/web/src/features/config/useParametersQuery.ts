import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { configKeys } from './queryKeys.ts';

export function useParametersQuery() {
  return useQuery({
    queryKey: configKeys.parameters(),
    queryFn: () => call('GET /it4u/systemConfig'),
    retry: false,
  });
}
