import type { ServicePack, ServicePackInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { channelKeys } from './queryKeys.ts';

/** 409 with details [{field: 'servicePack'}] when the provider already has a pack of that name. */
export function useAddServicePackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServicePackInput) => api.post<ServicePack>('/it4u/channel/value', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...channelKeys.all, 'servicePacks'] }),
  });
}
