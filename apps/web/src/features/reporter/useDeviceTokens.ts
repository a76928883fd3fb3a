import type { DeviceTokenList, NewDeviceToken } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { reporterKeys } from './queryKeys.ts';

/** A customer site's device tokens (their last four characters) and whether the shared token works for it. */
export function useDeviceTokensQuery(id: number) {
  return useQuery({
    queryKey: reporterKeys.deviceToken(id),
    queryFn: () => api.get<DeviceTokenList>(`/it4u/${id}/deviceToken`),
    retry: false,
  });
}

/** Create, rotate or revoke a site's device token; a new token is answered once. */
export function useDeviceTokenMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'rotate' | 'revoke'): Promise<NewDeviceToken | null> =>
      action === 'revoke'
        ? api.delete<unknown>(`/it4u/${id}/deviceToken`).then(() => null)
        : api.post<NewDeviceToken>(`/it4u/${id}/deviceToken${action === 'rotate' ? '/rotate' : ''}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reporterKeys.deviceToken(id) }),
  });
}
