import type { CurrentUser, SigninInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callPublic } from '../../../api/call.ts';
import { forgetKeptReads, setAccessToken } from '../../../api/tokens.ts';
import { currentUserQuery } from '../../../session/useCurrentUser.ts';

/**
 * Signs in, keeps the access token (the refresh token stays in the HttpOnly cookie the answer set), counts the
 * sign-in, then loads the current user.
 */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SigninInput): Promise<CurrentUser> => {
      const tokens = await callPublic('POST /auth/signin', { body: input });
      // a sign-in over another session: that session's kept lists go first
      await forgetKeptReads();
      setAccessToken(tokens.accessToken);
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
