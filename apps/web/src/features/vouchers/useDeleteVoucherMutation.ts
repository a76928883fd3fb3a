import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { voucherKeys } from './queryKeys.ts';

export function useDeleteVoucherMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call('POST /it4u/:site/deleteVoucher', { params: { site }, body: { _id: id, cmd: 'delete-voucher' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
