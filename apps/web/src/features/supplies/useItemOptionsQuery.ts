import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

export const ITEM_OPTIONS_LIMIT = 50;

/** Catalogue items matching `q` for the item-code select. */
export function useItemOptionsQuery(q: string, enabled: boolean) {
  return useQuery({
    queryKey: suppliesKeys.itemOptions(q),
    queryFn: () => call('GET /it4u/listSupplies', { query: { page: 1, pageSize: ITEM_OPTIONS_LIMIT, q } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
