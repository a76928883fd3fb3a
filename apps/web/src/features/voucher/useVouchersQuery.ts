import type { Voucher } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { voucherKeys } from './queryKeys.ts';

/** The vouchers of one site (its controller id), straight from the controller. */
export function useVouchersQuery(site: string | undefined) {
  return useQuery({
    queryKey: voucherKeys.list(site ?? ''),
    queryFn: () => api.get<Voucher[]>(`/it4u/${encodeURIComponent(site ?? '')}/voucher`),
    enabled: Boolean(site),
    retry: false,
  });
}
