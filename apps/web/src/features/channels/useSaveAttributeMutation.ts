import type { AttributeCreateInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

/** PUT when the channel has an id, else POST (a new channel); the dialog sends every field, the name included. */
export function useSaveAttributeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AttributeCreateInput }) =>
      id === undefined
        ? call('POST /it4u/channel/attribute', { body: input })
        : call('PUT /it4u/channel/attribute.:id', { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
