import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { channelKeys } from './queryKeys.ts';

/** 409 with details [{field: 'name'}] when the name is taken. */
export function useAddProviderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call('POST /it4u/channel/name', { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.providers() }),
  });
}
