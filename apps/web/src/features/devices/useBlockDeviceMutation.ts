import type { BlockInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceKeys } from './queryKeys.ts';

/** Blocks or unblocks a client device; both device lists of the site are fetched again afterwards. */
export function useBlockDeviceMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockInput) => call('POST /it4u/:site/block/device', { params: { site }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.site(site) }),
  });
}
