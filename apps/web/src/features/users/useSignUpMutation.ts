import type { SignupInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { usersKeys } from './queryKeys.ts';

/** An administrator creates a user. */
export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => call('POST /auth/signup', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
