import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceKeys } from './queryKeys.ts';

export function useBlockedDevicesQuery(site: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.blocked(site ?? ''),
    queryFn: () => call('GET /it4u/:site/block/info', { params: { site: site ?? '' } }),
    enabled: Boolean(site),
    retry: false,
  });
}
