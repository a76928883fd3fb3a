import type { Voucher } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { voucherKeys } from './queryKeys.ts';

/** The body of POST /it4u/{site}/createVoucher; limits are present only when set. */
export type CreateVoucherBody = {
  cmd: 'create-voucher';
  n: number;
  quota: number;
  /** minutes */
  expire: number;
  /** kbps */
  down?: number;
  up?: number;
  /** MB */
  bytes?: number;
  note: string;
};

export function useCreateVouchersMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVoucherBody) =>
      api.post<Voucher[]>(`/it4u/${encodeURIComponent(site)}/createVoucher`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.list(site) }),
  });
}
