import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

/** The service packs of one provider; nothing is asked before a provider is chosen. */
export function useServicePacksQuery(providerId: number | null | undefined) {
  return useQuery({
    queryKey: channelKeys.servicePacks(providerId ?? 'all'),
    queryFn: () => call('GET /it4u/channel/value.all.:x', { params: { x: String(providerId) } }),
    enabled: typeof providerId === 'number',
    staleTime: 30_000,
  });
}
