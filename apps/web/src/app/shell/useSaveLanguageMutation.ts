import type { Language } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';

/** Saves the language chosen in the top bar; it is applied again at the next sign-in. */
export function useSaveLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => call('PUT /user/update', { body: { language } }),
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      // read again, so that the copy the offline worker keeps of the session has the new language too
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
