import type { NewDeviceToken } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

/** A customer site's device tokens (their last four characters) and whether the shared token works for it. */
export function useDeviceTokensQuery(id: number) {
  return useQuery({
    queryKey: wanLinksKeys.deviceToken(id),
    queryFn: () => call('GET /it4u/:id/deviceToken', { params: { id } }),
    retry: false,
  });
}

/** Create, rotate or revoke a site's device token; a new token is answered once. */
export function useDeviceTokenMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'rotate' | 'revoke'): Promise<NewDeviceToken | null> =>
      action === 'revoke'
        ? call('DELETE /it4u/:id/deviceToken', { params: { id } }).then(() => null)
        : action === 'rotate'
          ? call('POST /it4u/:id/deviceToken/rotate', { params: { id } })
          : call('POST /it4u/:id/deviceToken', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wanLinksKeys.deviceToken(id) }),
  });
}
