import type { CurrentUser, Language } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';

/** Saves the language chosen in the top bar; it is applied again at the next sign-in. */
export function useSaveLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => api.put<CurrentUser>('/user/update', { language }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
