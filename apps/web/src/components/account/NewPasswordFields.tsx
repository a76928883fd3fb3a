import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Field name of the new password; the confirmation is always `confirmPassword`. */
  name?: string;
  label?: string;
};

/** New password and its confirmation, which must match ('Two passwords that you enter is inconsistent!'). */
export function NewPasswordFields({ name = 'newPassword', label }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('password.new')}
        rules={[{ required: true, message: t('password.newRequired') }]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={[name]}
        hasFeedback
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator(_, value) {
              if (!value || getFieldValue(name) === value) return Promise.resolve();
              return Promise.reject(new Error(t('password.inconsistent')));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
