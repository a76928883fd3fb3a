import type { ResetPasswordInput, UserRow } from '@it4u/shared';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/account/NewPasswordFields.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useResetPasswordMutation } from '../useResetPasswordMutation.ts';

type Props = { user: UserRow; onClose: () => void };

export function ResetPasswordModal({ user, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const reset = useResetPasswordMutation();
  const [form] = Form.useForm<ResetPasswordInput>();

  return (
    <FormModal
      title={t('users.reset.title', { username: user.username })}
      okText={t('users.reset.submit')}
      form={form}
      pending={reset.isPending}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('users.reset.hint')} style={{ marginBottom: 16 }} />
      <Form<ResetPasswordInput>
        form={form}
        layout="vertical"
        name="resetPassword"
        onFinish={(input) =>
          reset.mutate(
            { id: user.id, input },
            {
              onSuccess: () => {
                notice.success(t('notices.passwordChanged'));
                onClose();
              },
              onError: (error) => showFormError(form, error, notice),
            },
          )
        }
      >
        <NewPasswordFields />
      </Form>
    </FormModal>
  );
}
