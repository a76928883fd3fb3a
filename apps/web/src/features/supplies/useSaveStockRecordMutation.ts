import type { StockInInput, StockKind, StockOutInput, StockRecord } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { stockResource } from './paths.ts';
import { suppliesKeys } from './queryKeys.ts';

/** PUT when the row has an id, else POST (the rule of inline row editing). */
export function useSaveStockRecordMutation(kind: StockKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StockInInput | StockOutInput }) =>
      id === null
        ? api.post<StockRecord>(`/it4u/${stockResource(kind)}`, body)
        : api.put<StockRecord>(`/it4u/${stockResource(kind)}/${id}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: suppliesKeys.stock(kind) });
      await queryClient.invalidateQueries({ queryKey: [...suppliesKeys.all, 'report'] });
    },
  });
}
