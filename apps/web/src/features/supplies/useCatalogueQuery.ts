import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type CatalogueParams, suppliesKeys } from './queryKeys.ts';

export function useCatalogueQuery(params: CatalogueParams) {
  return useQuery({
    queryKey: suppliesKeys.catalogueList(params),
    queryFn: () => call('GET /it4u/listSupplies', { query: params }),
    placeholderData: keepPreviousData,
  });
}
