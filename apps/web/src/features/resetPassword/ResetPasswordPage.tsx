import { Alert, Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';

/** The reset form exists but is not wired (spec section 2): it waits for the mail service. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={3}>{t('resetPassword.title')}</Typography.Title>
        <Alert type="info" showIcon title={t('mailNotConfigured')} style={{ marginBottom: 16 }} />
        <Form layout="vertical" disabled>
          <NewPasswordFields />
          <Form.Item>
            <Button type="primary" htmlType="submit" block disabled>
              {t('resetPassword.submit')}
            </Button>
          </Form.Item>
        </Form>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </Card>
    </CenteredLayout>
  );
}
