import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { useChangeOwnPasswordMutation } from '../../../session/useChangeOwnPasswordMutation.ts';
import { ChangePasswordForm } from '../ChangePasswordForm.tsx';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const change = useChangeOwnPasswordMutation();
  return (
    <Card title={t('changePassword.title')} style={{ maxWidth: 520 }}>
      <ChangePasswordForm
        submitting={change.isPending}
        submitLabel={t('changePassword.submit')}
        onSubmit={(values) =>
          change.mutateAsync(values).then(
            () => notice.success(t('notices.passwordChanged')),
            (error: unknown) => {
              notice.error(error);
              throw error;
            },
          )
        }
      />
    </Card>
  );
}
