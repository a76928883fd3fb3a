import type { ConnectedDevice } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { deviceKeys } from './queryKeys.ts';

export function useConnectedDevicesQuery(site: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.connected(site ?? ''),
    queryFn: () => api.get<ConnectedDevice[]>(`/it4u/${encodeURIComponent(site ?? '')}/devices`),
    enabled: Boolean(site),
    retry: false,
  });
}
