import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { suppliesKeys } from './queryKeys.ts';

/** 409 with a message while stock records use the item. */
export function useDeleteSupplyItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/it4u/listSupplies/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}
