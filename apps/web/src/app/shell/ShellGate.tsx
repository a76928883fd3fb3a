import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isHttpError } from '../../api/client.ts';
import { isInactiveAccount } from '../../api/errors.ts';
import { getAccessToken } from '../../api/tokens.ts';
import { InactiveAccount } from '../../components/account/InactiveAccount.tsx';
import { applyLanguage, toAppLanguage } from '../../i18n/i18n.ts';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { useSignOut } from '../../session/useSignOut.ts';
import { PageSpinner } from '../lazyPage.tsx';
import { RealtimeProvider } from '../RealtimeProvider.tsx';
import { canOpenPath } from './menu.ts';
import { Shell } from './Shell.tsx';

/**
 * Every route of the shell goes through here: no token → /login; load the current user (the client
 * refreshes once on 401 and signs out when that fails); inactive → the inactive-account screen;
 * changePw → /changePasswordDefault; a menu route the roles do not allow → /403.
 */
export function ShellGate() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const hasToken = getAccessToken() !== null;
  const me = useCurrentUser(hasToken);
  const language = me.data?.language;

  useEffect(() => {
    if (language) void applyLanguage(toAppLanguage(language));
  }, [language]);

  if (!hasToken) return <Navigate to="/login" replace />;
  if (me.isPending) return <PageSpinner />;
  if (me.isError) {
    if (isInactiveAccount(me.error)) return <Navigate to="/login" replace state={{ reason: 'inactive' }} />;
    if (isHttpError(me.error) && (me.error.statusCode === 401 || me.error.error === 'No Token')) {
      return <Navigate to="/login" replace />;
    }
    return (
      <Result
        status="error"
        title={t('errors.sessionFailed')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </Button>,
          <Button key="login" onClick={() => void signOut({ notify: false })}>
            {t('common.backToLogin')}
          </Button>,
        ]}
      />
    );
  }

  const user = me.data;
  if (user.status !== 'Active') {
    return (
      <main style={{ paddingTop: '8vh' }}>
        <InactiveAccount onBack={() => void signOut({ notify: false })} />
      </main>
    );
  }
  if (user.changePw) return <Navigate to="/changePasswordDefault" replace />;
  if (
    !canOpenPath(
      pathname,
      user.roles.map((role) => role.name),
    )
  )
    return <Navigate to="/403" replace />;
  return (
    <RealtimeProvider userId={user.id}>
      <Shell user={user} />
    </RealtimeProvider>
  );
}
