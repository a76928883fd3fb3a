import type { CurrentUser, Gender, Language } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';

export type ProfileInput = { username: string; email: string; gender: Gender; language: Language };

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<CurrentUser>('/user/update', input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
