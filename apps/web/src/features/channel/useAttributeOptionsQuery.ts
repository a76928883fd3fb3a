import type { ChannelAttribute, Page } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

const OPTIONS = 50;

/** The registered channels matching `q` for a select, asked only while the select is open. */
export function useAttributeOptionsQuery(q: string, enabled: boolean) {
  return useQuery({
    queryKey: channelKeys.attributeOptions(q),
    queryFn: () => api.get<Page<ChannelAttribute>>('/it4u/channel/attribute.all', { page: 1, pageSize: OPTIONS, q }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
