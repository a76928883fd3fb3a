import type { ChannelAttribute, ChannelStatus } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

export type AttributeInput = {
  name: string;
  customer: string;
  status: ChannelStatus;
  virtualNum: string;
  usernamePPPoE: string;
  channelValueId: number | null;
};

/** PUT when the channel has an id, else POST (a new channel). */
export function useSaveAttributeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AttributeInput }) =>
      id === undefined
        ? api.post<ChannelAttribute>('/it4u/channel/attribute', input)
        : api.put<ChannelAttribute>(`/it4u/channel/attribute.${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
