import type { BlockInput, Message } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { deviceKeys } from './queryKeys.ts';

/** Blocks or unblocks a client device; both device lists of the site are fetched again afterwards. */
export function useBlockDeviceMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockInput) => api.post<Message>(`/it4u/${encodeURIComponent(site)}/block/device`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.site(site) }),
  });
}
