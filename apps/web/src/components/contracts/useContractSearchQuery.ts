import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** Query keys of the contracts register (used by the supplies and channel screens). */
export const contractKeys = {
  all: ['contracts'] as const,
  search: (q: string) => [...contractKeys.all, 'search', q] as const,
};

/** Contracts whose customer name or number contains `q` (at most 50); nothing is asked for an empty `q`. */
export function useContractSearchQuery(q: string) {
  return useQuery({
    queryKey: contractKeys.search(q),
    queryFn: () => call('GET /it4u/contract.:x', { params: { x: q } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
