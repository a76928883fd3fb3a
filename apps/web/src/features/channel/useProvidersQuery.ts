import type { ChannelProvider } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

export function useProvidersQuery() {
  return useQuery({
    queryKey: channelKeys.providers(),
    queryFn: () => api.get<ChannelProvider[]>('/it4u/channel.name'),
    staleTime: 30_000,
  });
}
