import type { ChangePasswordInput, Message } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export function useChangeOwnPasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.put<Message>('/user/changePassword', input),
  });
}
