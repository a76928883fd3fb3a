import type { DeviceInfo, DeviceInfoInput, DeviceSecretField } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { deviceInfoKeys } from './queryKeys.ts';

/** PUT when the row has an id, else POST (the rule of inline row editing). */
export function useSaveDeviceInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeviceInfoInput }) =>
      id === null
        ? api.post<DeviceInfo>('/it4u/clientDeviceInf', body)
        : api.put<DeviceInfo>(`/it4u/clientDeviceInf/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceInfoKeys.all }),
  });
}

export function useDeleteDeviceInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/it4u/clientDeviceInf/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceInfoKeys.all }),
  });
}

/** One stored password in clear (the server audits the reveal). */
export const revealPassword = (id: number, field: DeviceSecretField) =>
  api.post<{ value: string }>(`/it4u/clientDeviceInf/${id}/reveal`, { field }).then((r) => r.value);
