import type { ServicePackInput, ServicePackUpdate } from '@it4u/shared';
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

/** A pack's name, value and contracted availability changed; 409 as above. */
export function useUpdateServicePackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServicePackUpdate }) =>
      call('PUT /it4u/channel/value.:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
