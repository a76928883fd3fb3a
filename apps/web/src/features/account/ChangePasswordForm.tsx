import type { ChangePasswordInput } from '@it4u/shared';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/account/NewPasswordFields.tsx';

type Props = {
  /** Resolves when the password was changed (the form is then cleared); rejects after showing the error. */
  onSubmit: (values: ChangePasswordInput) => Promise<unknown>;
  submitting: boolean;
  submitLabel: string;
  currentHint?: string;
};

/** Current, new and confirm, all required: used by /user/changepassword and /changePasswordDefault. */
export function ChangePasswordForm({ onSubmit, submitting, submitLabel, currentHint }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordInput>();
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) =>
        onSubmit(values).then(
          () => form.resetFields(),
          () => undefined,
        )
      }
    >
      <Form.Item
        name="currentPassword"
        label={t('password.current')}
        extra={currentHint}
        rules={[{ required: true, message: t('password.currentRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}
