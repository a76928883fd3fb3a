import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { newestFirst } from './history.ts';
import { channelKeys } from './queryKeys.ts';

/** Every recorded change of a channel and its details, newest first. */
export function useHistoryQuery(attributeId: number) {
  return useQuery({
    queryKey: channelKeys.history(attributeId),
    queryFn: async () => newestFirst(await call('GET /it4u/history/channel/:x', { params: { x: attributeId } })),
  });
}
