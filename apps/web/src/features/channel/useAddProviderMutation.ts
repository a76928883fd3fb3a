import type { ChannelProvider, ProviderInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

/** 409 with details [{field: 'name'}] when the name is taken. */
export function useAddProviderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => {
      const body: ProviderInput = { name };
      return api.post<ChannelProvider>('/it4u/channel/name', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.providers() }),
  });
}
