import type { DeviceInfoInput, DeviceSecretField } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { deviceInfoKeys } from './queryKeys.ts';

/** PUT when the row has an id, else POST (the rule of inline row editing). */
export function useSaveDeviceInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeviceInfoInput }) =>
      id === null
        ? call('POST /it4u/clientDeviceInf', { body })
        : call('PUT /it4u/clientDeviceInf/:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceInfoKeys.all }),
  });
}

export function useDeleteDeviceInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/clientDeviceInf/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceInfoKeys.all }),
  });
}

/** One stored password in clear (the server audits the reveal). */
export const revealPassword = (id: number, field: DeviceSecretField) =>
  call('POST /it4u/clientDeviceInf/:id/reveal', { params: { id }, body: { field } }).then((r) => r.value);
