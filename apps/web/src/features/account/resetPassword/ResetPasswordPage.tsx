import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callPublic } from '../../../api/call.ts';
import { errorText, fieldErrors } from '../../../api/errors.ts';
import { NewPasswordFields } from '../../../components/account/NewPasswordFields.tsx';
import { CenteredLayout } from '../CenteredLayout.tsx';

type Values = { newPassword: string; confirmPassword: string };

/** The reset form the mail's link opens: a new password under the usual rules; every session of the user ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const reset = useMutation({
    mutationFn: (values: Values) => callPublic('POST /auth/resetPassword', { body: { token, ...values } }),
    onError: (error) => {
      const fields = fieldErrors(error, t).filter((f) => f.field === 'newPassword' || f.field === 'confirmPassword');
      form.setFields(fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
    },
  });
  const linkProblem = reset.isError && fieldErrors(reset.error, t).some((f) => f.field === 'token');
  const formProblem = reset.isError && !linkProblem && fieldErrors(reset.error, t).length === 0;

  return (
    <CenteredLayout>
      <Card>
        <Typography.Title level={3}>{t('resetPassword.title')}</Typography.Title>
        {reset.isSuccess ? (
          <Alert type="success" showIcon role="status" title={t('resetPassword.done')} style={{ marginBottom: 16 }} />
        ) : !/^[A-Za-z0-9_-]{43}$/.test(token) || linkProblem ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={linkProblem ? errorText(reset.error, t) : t('resetPassword.noToken')}
            description={<Link to="/verify">{t('resetPassword.askAgain')}</Link>}
            style={{ marginBottom: 16 }}
          />
        ) : (
          <>
            <Typography.Paragraph>{t('resetPassword.intro')}</Typography.Paragraph>
            <Form<Values> form={form} layout="vertical" name="resetPassword" onFinish={(v) => reset.mutate(v)}>
              <NewPasswordFields />
              {formProblem && (
                <Alert type="error" showIcon title={errorText(reset.error, t)} style={{ marginBottom: 16 }} />
              )}
              <Form.Item>
                <Button type="primary" htmlType="submit" block loading={reset.isPending}>
                  {t('resetPassword.submit')}
                </Button>
              </Form.Item>
            </Form>
          </>
        )}
        <Space>
          <Link to="/login">{t('common.backToLogin')}</Link>
        </Space>
      </Card>
    </CenteredLayout>
  );
}
