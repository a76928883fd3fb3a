import type { BlockedDevice } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { deviceKeys } from './queryKeys.ts';

export function useBlockedDevicesQuery(site: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.blocked(site ?? ''),
    queryFn: () => api.get<BlockedDevice[]>(`/it4u/${encodeURIComponent(site ?? '')}/block/info`),
    enabled: Boolean(site),
    retry: false,
  });
}
