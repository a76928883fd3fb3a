import type { StockKind } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type StockParams, suppliesKeys } from './queryKeys.ts';

/** One page of stock-in or stock-out records. */
export function useStockRecordsQuery(kind: StockKind, params: StockParams) {
  return useQuery({
    queryKey: suppliesKeys.stockList(kind, params),
    queryFn: () => {
      const query = {
        page: params.page,
        pageSize: params.pageSize,
        q: params.q,
        fromDate: params.fromDate,
        toDate: params.toDate,
      };
      return kind === 'in'
        ? call('GET /it4u/importWarehouse', { query })
        : call('GET /it4u/exportWarehouse', { query: { ...query, status: params.status || undefined } });
    },
    placeholderData: keepPreviousData,
  });
}
