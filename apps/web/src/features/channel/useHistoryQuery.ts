import type { ChannelHistoryEntry } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { newestFirst } from './history.ts';
import { channelKeys } from './queryKeys.ts';

/** Every recorded change of a channel and its details, newest first. */
export function useHistoryQuery(attributeId: number) {
  return useQuery({
    queryKey: channelKeys.history(attributeId),
    queryFn: async () => newestFirst(await api.get<ChannelHistoryEntry[]>(`/it4u/history/channel/${attributeId}`)),
  });
}
