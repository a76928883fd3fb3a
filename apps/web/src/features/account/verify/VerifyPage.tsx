import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callPublic } from '../../../api/call.ts';
import { errorText } from '../../../api/errors.ts';
import { CenteredLayout } from '../CenteredLayout.tsx';

/**
 * Forgot password: the e-mail address of the account; the answer is the same whether or not it is a user's. Without
 * mail settings, it says to ask an administrator.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const availability = useQuery({
    queryKey: ['auth', 'forgotPassword'],
    queryFn: () => callPublic('GET /auth/forgotPassword'),
  });
  const ask = useMutation({
    mutationFn: (email: string) => callPublic('POST /auth/forgotPassword', { body: { email } }),
    onSuccess: (_, email) => setSentTo(email),
  });
  const unavailable = availability.data?.available === false;

  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={3}>{t('verify.title')}</Typography.Title>
        <Typography.Paragraph>{t('verify.intro')}</Typography.Paragraph>
        {availability.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : unavailable ? (
          <Alert type="info" showIcon role="status" title={t('verify.unavailable')} style={{ marginBottom: 16 }} />
        ) : sentTo ? (
          <Alert type="success" showIcon role="status" title={t('verify.sent')} style={{ marginBottom: 16 }} />
        ) : (
          <Form layout="vertical" name="verify" onFinish={({ email }: { email: string }) => ask.mutate(email.trim())}>
            <Form.Item
              name="email"
              label={t('verify.email')}
              rules={[
                { required: true, message: t('verify.emailRequired') },
                { type: 'email', message: t('verify.emailInvalid') },
              ]}
            >
              <Input type="email" autoComplete="email" />
            </Form.Item>
            {ask.isError && (
              <Alert type="error" showIcon title={errorText(ask.error, t)} style={{ marginBottom: 16 }} />
            )}
            <Form.Item>
              <Button type="primary" htmlType="submit" block loading={ask.isPending}>
                {t('verify.submit')}
              </Button>
            </Form.Item>
          </Form>
        )}
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Card>
    </CenteredLayout>
  );
}
