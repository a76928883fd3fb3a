import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import type { UserRow } from '@it4u/shared';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { RoleTags } from '../../../components/account/RoleTags.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { DeleteAction } from '../../../components/table/DeleteAction.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import { usePaging } from '../../../components/table/usePaging.ts';
import { formatCount, formatLastLogin } from '../formatting.ts';
import { useDeleteUserMutation } from '../useDeleteUserMutation.ts';
import { useUsersQuery } from '../useUsersQuery.ts';
import { AddUserModal } from './AddUserModal.tsx';
import { EditUserModal } from './EditUserModal.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; user: UserRow } | { kind: 'reset'; user: UserRow } | null;

const MAX_SITE_TAGS = 3;

export function UsersTab() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsersQuery(paging.params);
  const remove = useDeleteUserMutation();

  if (isStatus(users.error, 403)) return <Navigate to="/403" replace />;

  const onDelete = (user: UserRow) =>
    remove.mutateAsync(user.id).then(
      () => {
        notice.success(t('notices.deleted'));
        paging.afterDelete(users.data?.items.length ?? 0);
      },
      (error: unknown) => notice.error(error),
    );

  const columns: RegisterColumn<UserRow>[] = [
    { key: 'name', title: t('users.columns.name'), dataIndex: 'name', fixed: 'left', width: 130 },
    {
      key: 'username',
      title: t('users.columns.username'),
      dataIndex: 'username',
      width: 115,
      ellipsis: { showTitle: true },
    },
    {
      key: 'email',
      title: t('users.columns.email'),
      dataIndex: 'email',
      width: 170,
      ellipsis: { showTitle: true },
    },
    {
      key: 'gender',
      title: t('users.columns.gender'),
      dataIndex: 'gender',
      width: 90,
      render: (value: UserRow['gender']) => t(`values.gender.${value}`),
    },
    {
      key: 'language',
      title: t('users.columns.language'),
      dataIndex: 'language',
      width: 110,
      render: (value: UserRow['language']) => t(`values.language.${value}`),
    },
    {
      key: 'type',
      title: t('users.columns.type'),
      dataIndex: 'type',
      width: 100,
      render: (value: UserRow['type']) => t(`values.type.${value}`),
    },
    {
      key: 'roles',
      title: t('users.columns.roles'),
      width: 160,
      render: (_, user) => <RoleTags roles={user.roles} />,
    },
    {
      key: 'sites',
      title: t('users.columns.sites'),
      width: 180,
      render: (_, user) => (
        <span title={user.sitename.map((s) => s.sitename).join(', ')}>
          {user.sitename.slice(0, MAX_SITE_TAGS).map((site) => (
            <Tag key={site.idname}>{site.sitename}</Tag>
          ))}
          {user.sitename.length > MAX_SITE_TAGS && <Tag>+{user.sitename.length - MAX_SITE_TAGS}</Tag>}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('users.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: UserRow['status']) => (
        <Tag color={value === 'Active' ? 'green' : 'red'}>{t(`values.status.${value}`)}</Tag>
      ),
    },
    {
      key: 'lastTimeLogin',
      title: t('users.columns.lastLogin'),
      dataIndex: 'lastTimeLogin',
      width: 140,
      render: (value: number) => formatLastLogin(value, t),
    },
    {
      key: 'numLogin',
      title: t('users.columns.numLogin'),
      dataIndex: 'numLogin',
      width: 100,
      align: 'right',
      render: (value: number) => formatCount(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 290,
      render: (_, user) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'edit', user })}
          >
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<KeyOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'reset', user })}
          >
            {t('users.resetPassword')}
          </Button>
          <DeleteAction onConfirm={() => onDelete(user)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<UserRow>
        query={users}
        paging={paging}
        columns={columns}
        card={{ title: ['name', 'username'] }}
        chooser={{ key: 'users', hidden: ['gender', 'language', 'type', 'sites', 'numLogin'] }}
        searchPlaceholder={t('users.searchPlaceholder')}
        addLabel={t('users.addButton')}
        onAdd={() => setDialog({ kind: 'add' })}
        scrollX={1105}
      />
      {dialog?.kind === 'add' && <AddUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
    </>
  );
}
