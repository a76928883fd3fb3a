import type { ServicePack } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

export type ServicePackInput = { providerId: number; servicePack: string; value: string };

/** 409 with details [{field: 'servicePack'}] when the provider already has a pack of that name. */
export function useAddServicePackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, servicePack, value }: ServicePackInput) =>
      api.post<ServicePack>('/it4u/channel/value', { servicePack, value, channelName: { id: providerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...channelKeys.all, 'servicePacks'] }),
  });
}
