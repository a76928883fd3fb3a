import type { ChannelSummary } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

/** Counts of registered channels per status (all six) and per provider (id null: no service pack). */
export function useSummaryQuery() {
  return useQuery({
    queryKey: channelKeys.summary(),
    queryFn: () => api.get<ChannelSummary>('/it4u/channel/summary'),
  });
}
