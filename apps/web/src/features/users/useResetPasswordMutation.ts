import type { ResetPasswordInput } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** An administrator sets another user's password; that user must change it at the next sign-in. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ResetPasswordInput }) =>
      call('PUT /changePassword/:id', { params: { id }, body: input }),
  });
}
