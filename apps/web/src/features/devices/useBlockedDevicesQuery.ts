import type { BlockedPageInput } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceKeys } from './queryKeys.ts';

/** A page of a site's block list (searched and sorted on the server); the page shown stays while the next comes. */
export function useBlockedDevicesQuery(site: string | undefined, params: BlockedPageInput) {
  return useQuery({
    queryKey: deviceKeys.blocked(site ?? '', params),
    queryFn: () => call('GET /it4u/:site/block/info/page', { params: { site: site ?? '' }, query: params }),
    enabled: Boolean(site),
    retry: false,
    placeholderData: (previous, query) => (query?.queryKey[1] === site ? previous : undefined),
  });
}
