import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { voucherKeys } from './queryKeys.ts';

export function useDeleteVoucherMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string }>(`/it4u/${encodeURIComponent(site)}/deleteVoucher`, {
        _id: id,
        cmd: 'delete-voucher',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
