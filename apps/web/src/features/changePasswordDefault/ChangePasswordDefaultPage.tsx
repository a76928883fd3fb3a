import { useQueryClient } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { getAccessToken } from '../../api/tokens.ts';
import { ChangePasswordForm } from '../../components/ChangePasswordForm.tsx';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { useNotice } from '../../components/useNotice.ts';
import { useChangeOwnPasswordMutation } from '../../session/useChangeOwnPasswordMutation.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';

/** Forced after sign-in while the account still has the password an administrator set (changePw). */
export function ChangePasswordDefaultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const change = useChangeOwnPasswordMutation();

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
          onSubmit={(values) =>
            change.mutate(values, {
              onSuccess: async () => {
                notice.success(t('notices.passwordChanged'));
                // Reload the user first: the shell would otherwise send them back here on the stale changePw.
                try {
                  await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
                } catch {
                  // The shell loads the user again and handles a failure itself.
                }
                await navigate('/home', { replace: true });
              },
              onError: (error) => notice.error(error),
            })
          }
        />
      </Card>
    </CenteredLayout>
  );
}
