import type { ChannelStatus } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type AttributeParams, channelKeys } from './queryKeys.ts';

/** One page of registered channels, newest first. */
export function useAttributesQuery(params: AttributeParams) {
  return useQuery({
    queryKey: channelKeys.attributeList(params),
    queryFn: () =>
      call('GET /it4u/channel/attribute.all', {
        query: {
          page: params.page,
          pageSize: params.pageSize,
          q: params.q || undefined,
          // the status filter holds one of the statuses, or '' for all
          status: (params.status || undefined) as ChannelStatus | undefined,
          providerId: params.providerId ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}
