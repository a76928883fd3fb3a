import type { StockInInput, StockKind, StockOutInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

/** PUT when the row has an id, else POST (the rule of inline row editing). */
export function useSaveStockRecordMutation(kind: StockKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StockInInput | StockOutInput }) =>
      kind === 'in'
        ? id === null
          ? call('POST /it4u/importWarehouse', { body: body as StockInInput })
          : call('PUT /it4u/importWarehouse/:id', { params: { id }, body: body as StockInInput })
        : id === null
          ? call('POST /it4u/exportWarehouse', { body: body as StockOutInput })
          : call('PUT /it4u/exportWarehouse/:id', { params: { id }, body: body as StockOutInput }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: suppliesKeys.stock(kind) });
      await queryClient.invalidateQueries({ queryKey: [...suppliesKeys.all, 'report'] });
    },
  });
}
