import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { SigninInput } from '@it4u/shared';
import { Alert, Button, Checkbox, Form, Input, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText, isInactiveAccount } from '../../../api/errors.ts';
import { clearTokens } from '../../../api/tokens.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { applyLanguage, toAppLanguage } from '../../../i18n/i18n.ts';
import { CenteredLayout } from '../CenteredLayout.tsx';
import { useSignInMutation } from './useSignInMutation.ts';

// Rare screens stay out of the sign-in bundle.
const InactiveAccount = lazy(async () => ({
  default: (await import('../../../components/account/InactiveAccount.tsx')).InactiveAccount,
}));

const panel = { background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 4px rgba(0,0,0,0.08)' };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const signIn = useSignInMutation();
  const location = useLocation();
  const { token } = theme.useToken();
  // The API client lands here with reason 'inactive' when an administrator blocked the account mid-session.
  const [inactive, setInactive] = useState(() => (location.state as { reason?: string } | null)?.reason === 'inactive');

  if (inactive) {
    return (
      <CenteredLayout width={560}>
        <div style={panel}>
          <Suspense fallback={null}>
            <InactiveAccount
              onBack={() => {
                clearTokens();
                signIn.reset();
                setInactive(false);
              }}
            />
          </Suspense>
        </div>
      </CenteredLayout>
    );
  }

  const onFinish = (values: SigninInput) => {
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
      <div style={panel}>
        <h1 style={{ textAlign: 'center', fontSize: 28, fontWeight: 600, margin: 0 }}>{t('login.title')}</h1>
        <p style={{ textAlign: 'center', color: token.colorTextDescription }}>
          {t('app.name')} · {t('login.subtitle')}
        </p>
        {failed && (
          <Alert type="error" showIcon title={errorText(signIn.error, t, 'login')} style={{ marginBottom: 16 }} />
        )}
        <Form<SigninInput> name="login" layout="vertical" initialValues={{ remember: true }} onFinish={onFinish}>
          <Form.Item
            name="usernameOrEmail"
            label={t('login.username.label')}
            rules={[{ required: true, whitespace: true, message: t('login.username.required') }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password.label')}
            rules={[{ required: true, message: t('login.password.required') }]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
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
      </div>
    </CenteredLayout>
  );
}
