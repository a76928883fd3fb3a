import type { ContractInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { contractKeys } from './useContractSearchQuery.ts';

/** 409 with details [{field: 'numContract'}] when the number is taken. */
export function useCreateContractMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractInput) => call('POST /it4u/contracts', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
