import type { StockKind } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

export function useDeleteStockRecordMutation(kind: StockKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      kind === 'in'
        ? call('DELETE /it4u/importWarehouse/:id', { params: { id } })
        : call('DELETE /it4u/exportWarehouse/:id', { params: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: suppliesKeys.stock(kind) });
      await queryClient.invalidateQueries({ queryKey: [...suppliesKeys.all, 'report'] });
    },
  });
}
