import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText, isInactiveAccount } from '../../api/errors.ts';
import { clearTokens } from '../../api/tokens.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { InactiveAccount } from '../../components/InactiveAccount.tsx';
import { useNotice } from '../../components/useNotice.ts';
import { applyLanguage, toAppLanguage } from '../../i18n/i18n.ts';
import { type SignInInput, useSignInMutation } from './useSignInMutation.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const signIn = useSignInMutation();
  const [inactive, setInactive] = useState(false);

  if (inactive) {
    return (
      <CenteredLayout width={560}>
        <Card>
          <InactiveAccount
            onBack={() => {
              clearTokens();
              signIn.reset();
              setInactive(false);
            }}
          />
        </Card>
      </CenteredLayout>
    );
  }

  const onFinish = (values: SignInInput) => {
    signIn.mutate(
      { usernameOrEmail: values.usernameOrEmail.trim(), password: values.password, remember: !!values.remember },
      {
        onSuccess: async (me) => {
          if (me.status !== 'Active') {
            setInactive(true);
            return;
          }
          await applyLanguage(toAppLanguage(me.language));
          notice.success(t('notices.loggedIn'));
          await navigate(me.changePw ? '/changePasswordDefault' : '/home', { replace: true });
        },
        onError: (error) => {
          if (isInactiveAccount(error)) setInactive(true);
        },
      },
    );
  };

  const failed = signIn.isError && !isInactiveAccount(signIn.error);

  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 0 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('app.name')} · {t('login.subtitle')}
        </Typography.Paragraph>
        {failed && (
          <Alert type="error" showIcon title={errorText(signIn.error, t, 'login')} style={{ marginBottom: 16 }} />
        )}
        <Form<SignInInput> name="login" layout="vertical" initialValues={{ remember: true }} onFinish={onFinish}>
          <Form.Item
            name="usernameOrEmail"
            label={t('login.username.label')}
            rules={[{ required: true, whitespace: true, message: t('login.username.required') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password.label')}
            rules={[{ required: true, message: t('login.password.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Form.Item name="remember" valuePropName="checked" noStyle>
                <Checkbox>{t('login.remember')}</Checkbox>
              </Form.Item>
              <Link to="/verify">{t('login.forgot')}</Link>
            </div>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </CenteredLayout>
  );
}
