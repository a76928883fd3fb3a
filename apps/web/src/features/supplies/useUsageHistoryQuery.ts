import type { StockRecord } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { suppliesKeys } from './queryKeys.ts';

/** Every stock-out record of one serial number, oldest first. */
export function useUsageHistoryQuery(serialNum: string) {
  return useQuery({
    queryKey: suppliesKeys.history(serialNum),
    queryFn: () => api.get<StockRecord[]>(`/it4u/exportWarehouseBySerialNum/${encodeURIComponent(serialNum)}`),
  });
}
