import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { voucherKeys } from './queryKeys.ts';

/** The vouchers of one site (its controller id), straight from the controller. */
export function useVouchersQuery(site: string | undefined) {
  return useQuery({
    queryKey: voucherKeys.list(site ?? ''),
    queryFn: () => call('GET /it4u/:site/voucher', { params: { site: site ?? '' } }),
    enabled: Boolean(site),
    retry: false,
  });
}
