import type { ServicePack } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

/** The service packs of one provider; nothing is asked before a provider is chosen. */
export function useServicePacksQuery(providerId: number | null | undefined) {
  return useQuery({
    queryKey: channelKeys.servicePacks(providerId ?? 'all'),
    queryFn: () => api.get<ServicePack[]>(`/it4u/channel/value.all.${providerId}`),
    enabled: typeof providerId === 'number',
    staleTime: 30_000,
  });
}
