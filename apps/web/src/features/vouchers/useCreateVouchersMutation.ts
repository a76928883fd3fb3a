import type { CreateVoucherInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { voucherKeys } from './queryKeys.ts';

export function useCreateVouchersMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVoucherInput) => call('POST /it4u/:site/createVoucher', { params: { site }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
