import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

/** One customer site with its links' history. */
export function useCustomerDetailQuery(id: number) {
  return useQuery({
    queryKey: wanLinksKeys.detail(id),
    queryFn: () => call('GET /it4u/:id/customer_info', { params: { id } }),
  });
}
