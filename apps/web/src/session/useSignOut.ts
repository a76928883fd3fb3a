import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../api/call.ts';
import { accessTokenUser, clearTokens, getAccessToken } from '../api/tokens.ts';
import { useNotice } from '../components/feedback/useNotice.ts';
import { forgetOnSignOut } from '../offline/outbox.ts';
import { currentUserQuery } from './useCurrentUser.ts';

/**
 * Logs out on the server when a session exists (it ends the session and clears the refresh cookie), then always
 * clears the access token and goes to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notice = useNotice();
  const { t } = useTranslation();

  return useCallback(
    async (options: { notify?: boolean } = {}) => {
      if (getAccessToken()) {
        try {
          // the server ends the session the access token names
          await call('POST /auth/logout');
        } catch {
          // The session ends here whatever the server says: the tokens are dropped below.
        }
      }
      // what this person kept on the phone goes with them (the top bar said so first when some was not sent)
      const user = queryClient.getQueryData(currentUserQuery.queryKey)?.id ?? accessTokenUser();
      if (user !== undefined) forgetOnSignOut(user);
      clearTokens();
      await navigate('/login', { replace: true });
      queryClient.removeQueries();
      if (options.notify !== false) notice.success(t('notices.loggedOut'));
    },
    [navigate, notice, queryClient, t],
  );
}
