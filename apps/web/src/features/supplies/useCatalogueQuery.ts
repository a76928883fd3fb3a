import type { Page, SupplyItem } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { type CatalogueParams, suppliesKeys } from './queryKeys.ts';

export function useCatalogueQuery(params: CatalogueParams) {
  return useQuery({
    queryKey: suppliesKeys.catalogueList(params),
    queryFn: () => api.get<Page<SupplyItem>>('/it4u/listSupplies', { ...params }),
    placeholderData: keepPreviousData,
  });
}
