import type { ConnectedPageInput } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceKeys } from './queryKeys.ts';

/**
 * A page of the devices connected to a site (searched and sorted on the server). While the next page comes, the one
 * shown stays, but never another site's.
 */
export function useConnectedDevicesQuery(site: string | undefined, params: ConnectedPageInput) {
  return useQuery({
    queryKey: deviceKeys.connected(site ?? '', params),
    queryFn: () => call('GET /it4u/:site/devices/page', { params: { site: site ?? '' }, query: params }),
    enabled: Boolean(site),
    retry: false,
    placeholderData: (previous, query) => (query?.queryKey[1] === site ? previous : undefined),
  });
}
