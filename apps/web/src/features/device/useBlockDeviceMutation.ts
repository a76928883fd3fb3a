import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { deviceKeys } from './queryKeys.ts';

export type BlockCommand = 'block-sta' | 'unblock-sta';

/** Blocks or unblocks a client device; both device lists of the site are fetched again afterwards. */
export function useBlockDeviceMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mac, cmd }: { mac: string; cmd: BlockCommand }) =>
      api.post<{ message: string }>(`/it4u/${encodeURIComponent(site)}/block/device`, { mac, cmd }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.site(site) }),
  });
}
