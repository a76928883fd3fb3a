import type { AttributeCreateInput, ChannelAttribute } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

/** PUT when the channel has an id, else POST (a new channel); the dialog sends every field, the name included. */
export function useSaveAttributeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AttributeCreateInput }) =>
      id === undefined
        ? api.post<ChannelAttribute>('/it4u/channel/attribute', input)
        : api.put<ChannelAttribute>(`/it4u/channel/attribute.${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
