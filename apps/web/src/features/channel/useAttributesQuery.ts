import type { ChannelAttribute, Page } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { type AttributeParams, channelKeys } from './queryKeys.ts';

/** One page of registered channels, newest first. */
export function useAttributesQuery(params: AttributeParams) {
  return useQuery({
    queryKey: channelKeys.attributeList(params),
    queryFn: () =>
      api.get<Page<ChannelAttribute>>('/it4u/channel/attribute.all', {
        page: params.page,
        pageSize: params.pageSize,
        q: params.q,
        status: params.status,
        providerId: params.providerId ?? undefined,
      }),
    placeholderData: keepPreviousData,
  });
}
