import type { UpdateProfileInput } from '@it4u/shared';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { GenderLanguageFields, UsernameEmailFields } from '../../../components/account/AccountFields.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useCurrentUser } from '../../../session/useCurrentUser.ts';
import { useUpdateProfileMutation } from './useUpdateProfileMutation.ts';

/** The form shows every field the profile may change, and the name (read-only). */
type ProfileForm = Required<Omit<UpdateProfileInput, 'currentPassword'>> & { name: string; currentPassword?: string };

/** The signed-in user's own profile; the name is read-only. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { username } = useParams();
  const navigate = useNavigate();
  const notice = useNotice();
  const { data: user } = useCurrentUser();
  const update = useUpdateProfileMutation();
  const [form] = Form.useForm<ProfileForm>();
  const typedUsername = Form.useWatch('username', form);
  const typedEmail = Form.useWatch('email', form);

  if (!user) return null;
  // a new username or e-mail address asks for the current password (a stolen session alone cannot take the account)
  const loginChanges =
    (typedUsername !== undefined && typedUsername.trim() !== user.username) ||
    (typedEmail !== undefined && typedEmail.trim() !== user.email);
  if (username !== user.username) return <Navigate to={`/users/${encodeURIComponent(user.username)}`} replace />;

  const onFinish = (values: ProfileForm) => {
    const input: UpdateProfileInput = {
      username: values.username.trim(),
      email: values.email.trim(),
      gender: values.gender,
      language: values.language,
      ...(loginChanges && values.currentPassword ? { currentPassword: values.currentPassword } : {}),
    };
    update.mutate(input, {
      onSuccess: (saved) => {
        form.setFieldValue('currentPassword', undefined);
        notice.success(t('notices.updated'));
        if (saved.username !== username)
          void navigate(`/users/${encodeURIComponent(saved.username)}`, { replace: true });
      },
      onError: (error) => showFormError(form, error, notice),
    });
  };

  return (
    <Card title={t('profile.title')} style={{ maxWidth: 560 }}>
      <Form<ProfileForm>
        key={user.id}
        form={form}
        layout="vertical"
        initialValues={{
          name: user.name,
          username: user.username,
          email: user.email,
          gender: user.gender,
          language: user.language,
        }}
        onFinish={onFinish}
      >
        <Form.Item name="name" label={t('users.field.name')}>
          <Input readOnly variant="filled" />
        </Form.Item>
        <UsernameEmailFields own />
        {loginChanges && (
          <Form.Item
            name="currentPassword"
            label={t('password.current')}
            extra={t('profile.currentPasswordHint')}
            rules={[{ required: true, message: t('password.currentRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <GenderLanguageFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('profile.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
