import type { CustomerSiteInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

export function useAddCustomerSiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerSiteInput) => call('POST /it4u/customerSite', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wanLinksKeys.all }),
  });
}
