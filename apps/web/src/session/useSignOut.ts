import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../api/call.ts';
import { clearTokens, getAccessToken, getRefreshToken } from '../api/tokens.ts';
import { useNotice } from '../components/feedback/useNotice.ts';

/** Logs out on the server when a session exists, then always clears both tokens and goes to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notice = useNotice();
  const { t } = useTranslation();

  return useCallback(
    async (options: { notify?: boolean } = {}) => {
      if (getAccessToken() && getRefreshToken()) {
        try {
          // the server ends the session the access token names
          await call('POST /auth/logout');
        } catch {
          // The session ends here whatever the server says: the tokens are dropped below.
        }
      }
      clearTokens();
      await navigate('/login', { replace: true });
      queryClient.removeQueries();
      if (options.notify !== false) notice.success(t('notices.loggedOut'));
    },
    [navigate, notice, queryClient, t],
  );
}
