import type { CreateVoucherInput, Voucher } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { voucherKeys } from './queryKeys.ts';

export function useCreateVouchersMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVoucherInput) =>
      api.post<Voucher[]>(`/it4u/${encodeURIComponent(site)}/createVoucher`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
