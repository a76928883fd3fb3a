import type { Contract, ContractInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { contractKeys } from './useContractSearchQuery.ts';

/** 409 with details [{field: 'numContract'}] when the number is taken. */
export function useCreateContractMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractInput) => api.post<Contract>('/it4u/contracts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
