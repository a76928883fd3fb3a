import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

const OPTIONS = 50;

/** The registered channels matching `q` for a select, asked only while the select is open. */
export function useAttributeOptionsQuery(q: string, enabled: boolean) {
  return useQuery({
    queryKey: channelKeys.attributeOptions(q),
    queryFn: () =>
      call('GET /it4u/channel/attribute.all', { query: { page: 1, pageSize: OPTIONS, q: q || undefined } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
