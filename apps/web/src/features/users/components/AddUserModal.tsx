import { DEFAULT_ROLE } from '@it4u/shared';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useSignUpMutation } from '../useSignUpMutation.ts';
import { UserFormFields } from './UserFormFields.tsx';
import { rolesOf, type UserFormValues } from './userFormValues.ts';

type Props = { onClose: () => void };

export function AddUserModal({ onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const signUp = useSignUpMutation();
  const [form] = Form.useForm<UserFormValues>();

  const onFinish = (values: UserFormValues) => {
    signUp.mutate(
      {
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
        gender: values.gender,
        language: values.language,
        type: values.type,
        roles: rolesOf(values),
        sitename: values.sitename ?? [],
      },
      {
        onSuccess: () => {
          notice.success(t('notices.signedUp'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
  };

  return (
    <FormModal
      title={t('users.add.title')}
      okText={t('users.add.submit')}
      form={form}
      pending={signUp.isPending}
      onClose={onClose}
    >
      {/* The server makes the user choose their own password at the first sign-in: the one typed here is for that. */}
      <Alert type="info" showIcon title={t('users.add.hint')} style={{ marginBottom: 16 }} />
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name="addUser"
        initialValues={{ type: 'User', roles: [DEFAULT_ROLE], sitename: [] }}
        onFinish={onFinish}
      >
        <UserFormFields form={form} mode="add" />
      </Form>
    </FormModal>
  );
}
