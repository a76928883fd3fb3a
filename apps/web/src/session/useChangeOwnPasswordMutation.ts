import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export type ChangeOwnPasswordInput = { currentPassword: string; newPassword: string; confirmPassword: string };

export function useChangeOwnPasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangeOwnPasswordInput) => api.put<{ message: string }>('/user/changePassword', input),
  });
}
