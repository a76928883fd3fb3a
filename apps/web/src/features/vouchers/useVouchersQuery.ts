import type { VoucherPageInput } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { voucherKeys } from './queryKeys.ts';

/**
 * A page of the vouchers of one site (its controller id), searched, filtered and sorted on the server, with the
 * site's count and the count of each status. While the next page comes, the one shown stays, never another site's.
 */
export function useVouchersQuery(site: string | undefined, params: VoucherPageInput) {
  return useQuery({
    queryKey: voucherKeys.page(site ?? '', params),
    queryFn: () => call('GET /it4u/:site/voucher/page', { params: { site: site ?? '' }, query: params }),
    enabled: Boolean(site),
    retry: false,
    placeholderData: (previous, query) => (query?.queryKey[2] === site ? previous : undefined),
  });
}
