import type { Page, StockKind, StockRecord } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { stockResource } from './paths.ts';
import { type StockParams, suppliesKeys } from './queryKeys.ts';

/** One page of stock-in or stock-out records. */
export function useStockRecordsQuery(kind: StockKind, params: StockParams) {
  return useQuery({
    queryKey: suppliesKeys.stockList(kind, params),
    queryFn: () =>
      api.get<Page<StockRecord>>(`/it4u/${stockResource(kind)}`, {
        page: params.page,
        pageSize: params.pageSize,
        q: params.q,
        fromDate: params.fromDate,
        toDate: params.toDate,
        status: kind === 'out' ? params.status : undefined,
      }),
    placeholderData: keepPreviousData,
  });
}
