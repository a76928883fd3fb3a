import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

export function useDeleteCustomerSiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/:id/customer_info', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wanLinksKeys.all }),
  });
}
