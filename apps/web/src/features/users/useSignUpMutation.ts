import type { SignupInput, UserRow } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usersKeys } from './queryKeys.ts';

/** An administrator creates a user. */
export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => api.post<UserRow>('/auth/signup', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
