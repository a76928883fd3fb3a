import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { settingsKeys } from './queryKeys.ts';

export function useParametersQuery() {
  return useQuery({
    queryKey: settingsKeys.parameters(),
    queryFn: () => call('GET /it4u/systemConfig'),
    retry: false,
  });
}
