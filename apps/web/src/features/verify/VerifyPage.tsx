import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';

/** Forgot password: sending the reset mail needs the mail service, configured later by an administrator. */
export function VerifyPage() {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={3}>{t('verify.title')}</Typography.Title>
        <Typography.Paragraph>{t('verify.intro')}</Typography.Paragraph>
        <Alert type="info" showIcon title={t('mailNotConfigured')} style={{ marginBottom: 16 }} />
        <Form layout="vertical" disabled>
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
          <Form.Item>
            <Button type="primary" htmlType="submit" block disabled>
              {t('verify.submit')}
            </Button>
          </Form.Item>
        </Form>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Card>
    </CenteredLayout>
  );
}
