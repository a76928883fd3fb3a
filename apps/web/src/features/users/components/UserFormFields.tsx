import { DEFAULT_ROLE, type RoleName, USER_TYPES } from '@it4u/shared';
import { Form, type FormInstance, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { GenderLanguageFields, UsernameEmailFields } from '../../../components/account/AccountFields.tsx';
import { NewPasswordFields } from '../../../components/account/NewPasswordFields.tsx';
import { roleLabel } from '../../../components/account/roleLabel.ts';
import { useMySitesQuery } from '../../../session/useMySitesQuery.ts';
import { useRolesQuery } from '../useRolesQuery.ts';
import type { UserFormValues } from './userFormValues.ts';

type Props = { form: FormInstance<UserFormValues>; mode: 'add' | 'edit' };

/** The preset customer role gives way when another role is picked (the first role decides the permissions). */
export function normalizeRoles(next: RoleName[] | undefined, previous: RoleName[] | undefined): RoleName[] {
  const value = next ?? [];
  const untouchedDefault = previous?.length === 1 && previous[0] === DEFAULT_ROLE;
  return untouchedDefault && value.length > 1 ? value.filter((role) => role !== DEFAULT_ROLE) : value;
}

/** The fields the add and edit dialogs share (which are required: see the rules below). */
export function UserFormFields({ form, mode }: Props) {
  const { t } = useTranslation();
  const roles = useRolesQuery();
  const sites = useMySitesQuery();
  const type = Form.useWatch('type', form);

  return (
    <>
      <Form.Item
        name="name"
        label={t('users.field.name')}
        rules={[{ required: true, whitespace: true, message: t('users.required.name') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <UsernameEmailFields own={false} />
      {mode === 'add' && <NewPasswordFields name="password" label={t('users.field.password')} />}
      <GenderLanguageFields />
      <Form.Item
        name="type"
        label={t('users.field.type')}
        rules={[{ required: true, message: t('users.required.type') }]}
        extra={type === 'Client' ? t('users.edit.clientHint') : undefined}
      >
        <Select options={USER_TYPES.map((v) => ({ value: v, label: t(`values.type.${v}`) }))} />
      </Form.Item>
      {type !== 'Client' && (
        <Form.Item
          name="roles"
          label={t('users.field.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('users.required.roles') }]}
          normalize={normalizeRoles}
          extra={t('users.rolesHint')}
          validateStatus={roles.isError ? 'error' : undefined}
          help={roles.isError ? errorText(roles.error, t) : undefined}
        >
          <Select
            mode="multiple"
            loading={roles.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data ?? []).map((role) => ({ value: role.name, label: roleLabel(role.name, t) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="sitename"
        label={t('users.field.sites')}
        rules={
          // Sites were once required when editing (docs/features.md); staff see every site anyway, so only a customer needs one.
          mode === 'edit' && type === 'Client'
            ? [{ required: true, type: 'array', min: 1, message: t('users.required.sites') }]
            : undefined
        }
        validateStatus={sites.isError ? 'error' : undefined}
        help={sites.isError ? errorText(sites.error, t) : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={sites.isPending}
          placeholder={t('users.sitesPlaceholder')}
          options={(sites.data ?? []).map((site) => ({
            value: site.idname,
            label: site.sitename === site.idname ? site.sitename : `${site.sitename} (${site.idname})`,
          }))}
        />
      </Form.Item>
    </>
  );
}
