import type { DeleteVoucherInput, Message } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { voucherKeys } from './queryKeys.ts';

export function useDeleteVoucherMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      const body: DeleteVoucherInput = { _id: id, cmd: 'delete-voucher' };
      return api.post<Message>(`/it4u/${encodeURIComponent(site)}/deleteVoucher`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
