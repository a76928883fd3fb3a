import type { CurrentUser, SigninInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callPublic } from '../../../api/call.ts';
import { forgetKeptReads, setTokens } from '../../../api/tokens.ts';
import { currentUserQuery } from '../../../session/useCurrentUser.ts';

/** Signs in, stores both tokens, counts the sign-in, then loads the current user. */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SigninInput): Promise<CurrentUser> => {
      const tokens = await callPublic('POST /auth/signin', { body: input });
      // a sign-in over another session: that session's kept lists go first
      await forgetKeptReads();
      setTokens(tokens);
      queryClient.removeQueries();
      try {
        await call('GET /user/updateNumLogin');
      } catch {
        // The sign-in counter is bookkeeping: the user is signed in either way.
      }
      return queryClient.fetchQuery(currentUserQuery);
    },
  });
}
