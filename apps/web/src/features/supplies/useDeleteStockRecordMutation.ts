import type { StockKind } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { stockResource } from './paths.ts';
import { suppliesKeys } from './queryKeys.ts';

export function useDeleteStockRecordMutation(kind: StockKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/it4u/${stockResource(kind)}/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: suppliesKeys.stock(kind) });
      await queryClient.invalidateQueries({ queryKey: [...suppliesKeys.all, 'report'] });
    },
  });
}
