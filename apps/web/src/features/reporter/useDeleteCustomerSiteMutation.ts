import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { reporterKeys } from './queryKeys.ts';

export function useDeleteCustomerSiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/it4u/${id}/customer_info`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reporterKeys.all }),
  });
}
