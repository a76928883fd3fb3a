import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

/** Counts of registered channels per status (all six) and per provider (id null: no service pack). */
export function useSummaryQuery() {
  return useQuery({
    queryKey: channelKeys.summary(),
    queryFn: () => call('GET /it4u/channel/summary'),
  });
}
