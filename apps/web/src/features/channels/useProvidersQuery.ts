import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

export function useProvidersQuery() {
  return useQuery({
    queryKey: channelKeys.providers(),
    queryFn: () => call('GET /it4u/channel.name'),
    staleTime: 30_000,
  });
}
