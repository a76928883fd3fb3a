import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

/** Every stock-out record of one serial number, oldest first. */
export function useUsageHistoryQuery(serialNum: string) {
  return useQuery({
    queryKey: suppliesKeys.history(serialNum),
    queryFn: () => call('GET /it4u/exportWarehouseBySerialNum/:serialNum', { params: { serialNum } }),
  });
}
