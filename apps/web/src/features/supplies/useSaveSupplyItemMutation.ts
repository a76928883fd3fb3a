import type { ItemInput, SupplyItem } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { suppliesKeys } from './queryKeys.ts';

/** Creates a catalogue item (no id) or updates one. */
export function useSaveSupplyItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ItemInput }) =>
      id === undefined
        ? api.post<SupplyItem>('/it4u/listSupplies', input)
        : api.put<SupplyItem>(`/it4u/listSupplies/${id}`, input),
    // The report and the stock rows show catalogue names and opening stock.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}
