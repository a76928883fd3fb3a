import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { getAccessToken } from '../../../api/tokens.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { useChangeOwnPasswordMutation } from '../../../session/useChangeOwnPasswordMutation.ts';
import { currentUserQuery } from '../../../session/useCurrentUser.ts';
import { useSignOut } from '../../../session/useSignOut.ts';
import { CenteredLayout } from '../CenteredLayout.tsx';
import { ChangePasswordForm } from '../ChangePasswordForm.tsx';

/** Forced after sign-in while the account still has the password an administrator set (changePw). */
export function ChangePasswordDefaultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const change = useChangeOwnPasswordMutation();
  const signOut = useSignOut();

  if (!getAccessToken()) return <Navigate to="/login" replace />;

  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={3}>{t('changePasswordDefault.title')}</Typography.Title>
        <Typography.Paragraph>{t('changePasswordDefault.intro')}</Typography.Paragraph>
        <ChangePasswordForm
          submitting={change.isPending}
          submitLabel={t('changePasswordDefault.submit')}
          currentHint={t('changePasswordDefault.currentHint')}
          onSubmit={async (values) => {
            try {
              await change.mutateAsync(values);
            } catch (error) {
              notice.error(error);
              throw error;
            }
            notice.success(t('notices.passwordChanged'));
            // Reload the user first: the shell would otherwise send them back here on the stale changePw.
            try {
              await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
            } catch {
              // The shell loads the user again and handles a failure itself.
            }
            await navigate('/home', { replace: true });
          }}
        />
        <Button type="link" style={{ padding: 0 }} onClick={() => void signOut()}>
          {t('topbar.logout')}
        </Button>
      </Card>
    </CenteredLayout>
  );
}
