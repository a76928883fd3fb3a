import { GENDERS, LANGUAGES } from '@it4u/shared';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { showFormError } from '../../components/showFormError.ts';
import { useNotice } from '../../components/useNotice.ts';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { type ProfileInput, useUpdateProfileMutation } from './useUpdateProfileMutation.ts';

type ProfileForm = ProfileInput & { name: string };

/** The signed-in user's own profile; the name is read-only. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { username } = useParams();
  const navigate = useNavigate();
  const notice = useNotice();
  const { data: user } = useCurrentUser();
  const update = useUpdateProfileMutation();
  const [form] = Form.useForm<ProfileForm>();

  if (!user) return null;
  if (username !== user.username) return <Navigate to={`/users/${encodeURIComponent(user.username)}`} replace />;

  const onFinish = ({ name: _name, ...values }: ProfileForm) => {
    update.mutate(
      { ...values, username: values.username.trim(), email: values.email.trim() },
      {
        onSuccess: (saved) => {
          notice.success(t('notices.updated'));
          if (saved.username !== username)
            void navigate(`/users/${encodeURIComponent(saved.username)}`, { replace: true });
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
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
        <Form.Item
          name="username"
          label={t('users.field.username')}
          rules={[{ required: true, whitespace: true, message: t('users.required.username') }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.field.email')}
          rules={[
            { required: true, whitespace: true, message: t('users.required.email') },
            { type: 'email', message: t('users.required.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="gender"
          label={t('users.field.gender')}
          rules={[{ required: true, message: t('users.required.gender') }]}
        >
          <Select options={GENDERS.map((g) => ({ value: g, label: t(`values.gender.${g}`) }))} />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('users.field.language')}
          rules={[{ required: true, message: t('users.required.language') }]}
        >
          <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`values.language.${l}`) }))} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('profile.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
