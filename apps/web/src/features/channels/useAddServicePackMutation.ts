import type { ServicePackInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

/** 409 with details [{field: 'servicePack'}] when the provider already has a pack of that name. */
export function useAddServicePackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServicePackInput) => call('POST /it4u/channel/value', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...channelKeys.all, 'servicePacks'] }),
  });
}
