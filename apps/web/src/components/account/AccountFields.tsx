import { GENDERS, LANGUAGES } from '@it4u/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Username and e-mail, as the user dialogs and the profile ask for them (both required). */
export function UsernameEmailFields({ own }: { own: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="username"
        label={t('users.field.username')}
        rules={[
          { required: true, whitespace: true, message: t('users.required.username') },
          // as the server: letters, digits, dot, dash, underscore for a new or changed username (an older one with
          // an @ may stay as it is)
          ({ isFieldTouched }) => ({
            validator: (_, value?: string) =>
              !isFieldTouched('username') || /^[A-Za-z0-9._-]{3,50}$/.test(value?.trim() ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error(t('users.required.usernameFormat'))),
          }),
        ]}
      >
        <Input autoComplete={own ? 'username' : 'off'} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.field.email')}
        rules={[
          { required: true, whitespace: true, message: t('users.required.email') },
          { type: 'email', message: t('users.required.emailInvalid') },
        ]}
      >
        <Input type="email" autoComplete={own ? 'email' : 'off'} />
      </Form.Item>
    </>
  );
}

/** Gender and language (both required). */
export function GenderLanguageFields() {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
