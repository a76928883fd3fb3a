import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { suppliesKeys } from './queryKeys.ts';

/** 409 with a message while stock records use the item. */
export function useDeleteSupplyItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/listSupplies/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}
