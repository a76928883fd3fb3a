import type { CustomerDetail } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { reporterKeys } from './queryKeys.ts';

/** One customer site with its links' history. */
export function useCustomerDetailQuery(id: number) {
  return useQuery({
    queryKey: reporterKeys.detail(id),
    queryFn: () => api.get<CustomerDetail>(`/it4u/${id}/customer_info`),
  });
}
