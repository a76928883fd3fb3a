import type { CurrentUser, UpdateProfileInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.put<CurrentUser>('/user/update', input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
