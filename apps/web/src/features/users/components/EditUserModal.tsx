import type { UserRow } from '@it4u/shared';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useSaveUserMutation } from '../useSaveUserMutation.ts';
import { UserFormFields } from './UserFormFields.tsx';
import { formValuesOf, rolesOf, type UserFormValues } from './userFormValues.ts';

type Props = { user: UserRow; onClose: () => void };

export function EditUserModal({ user, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveUserMutation();
  const [form] = Form.useForm<UserFormValues>();

  const onFinish = (values: UserFormValues) => {
    save.mutate(
      {
        id: user.id,
        input: {
          name: values.name.trim(),
          username: values.username.trim(),
          email: values.email.trim(),
          gender: values.gender,
          language: values.language,
          type: values.type,
          roles: rolesOf(values),
          sitename: values.sitename ?? [],
          status: values.active ? 'Active' : 'Block',
        },
      },
      {
        onSuccess: () => {
          notice.success(t('notices.updated'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
  };

  return (
    <FormModal
      title={t('users.edit.title', { username: user.username })}
      okText={t('common.save')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name="editUser"
        initialValues={formValuesOf(user)}
        onFinish={onFinish}
      >
        <UserFormFields form={form} mode="edit" />
        <Form.Item
          name="active"
          label={t('users.field.status')}
          valuePropName="checked"
          extra={t('users.edit.statusHint')}
        >
          <Switch checkedChildren={t('values.status.Active')} unCheckedChildren={t('values.status.Block')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
