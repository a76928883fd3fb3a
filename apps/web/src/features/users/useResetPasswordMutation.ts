import type { Message, ResetPasswordInput } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** An administrator sets another user's password; that user must change it at the next sign-in. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ResetPasswordInput }) =>
      api.put<Message>(`/changePassword/${id}`, input),
  });
}
