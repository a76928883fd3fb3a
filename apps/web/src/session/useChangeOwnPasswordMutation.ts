import type { ChangePasswordInput } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api/call.ts';

export function useChangeOwnPasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call('PUT /user/changePassword', { body: input }),
  });
}
