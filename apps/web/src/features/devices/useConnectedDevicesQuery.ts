import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceKeys } from './queryKeys.ts';

export function useConnectedDevicesQuery(site: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.connected(site ?? ''),
    queryFn: () => call('GET /it4u/:site/devices', { params: { site: site ?? '' } }),
    enabled: Boolean(site),
    retry: false,
  });
}
