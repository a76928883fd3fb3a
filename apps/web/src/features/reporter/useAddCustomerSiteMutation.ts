import type { CustomerInfo, CustomerSiteInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { reporterKeys } from './queryKeys.ts';

export function useAddCustomerSiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerSiteInput) => api.post<CustomerInfo>('/it4u/customerSite', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reporterKeys.all }),
  });
}
