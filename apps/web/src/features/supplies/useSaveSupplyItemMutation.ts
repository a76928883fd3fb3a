import type { ItemInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

/** Creates a catalogue item (no id) or updates one. */
export function useSaveSupplyItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ItemInput }) =>
      id === undefined
        ? call('POST /it4u/listSupplies', { body: input })
        : call('PUT /it4u/listSupplies/:id', { params: { id }, body: input }),
    // The report and the stock rows show catalogue names and opening stock.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}
