import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS, TABLE_SCROLL_Y, type UserRow } from '@it4u/shared';
import { Alert, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorText, isStatus } from '../../../api/errors.ts';
import { RoleTags } from '../../../components/RoleTags.tsx';
import { useNotice } from '../../../components/useNotice.ts';
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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [q, setQ] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsersQuery({ page, pageSize, q });
  const remove = useDeleteUserMutation();

  if (isStatus(users.error, 403)) return <Navigate to="/403" replace />;

  const onDelete = (user: UserRow) =>
    remove.mutateAsync(user.id).then(
      () => {
        notice.success(t('notices.deleted'));
        // Step back when the last row of the last page went away.
        if (users.data && users.data.items.length === 1 && page > 1) setPage(page - 1);
      },
      (error: unknown) => notice.error(error),
    );

  const columns: TableColumnsType<UserRow> = [
    { key: 'name', title: t('users.columns.name'), dataIndex: 'name', fixed: 'left' },
    { key: 'username', title: t('users.columns.username'), dataIndex: 'username' },
    { key: 'email', title: t('users.columns.email'), dataIndex: 'email' },
    {
      key: 'gender',
      title: t('users.columns.gender'),
      dataIndex: 'gender',
      render: (value: UserRow['gender']) => t(`values.gender.${value}`),
    },
    {
      key: 'language',
      title: t('users.columns.language'),
      dataIndex: 'language',
      render: (value: UserRow['language']) => t(`values.language.${value}`),
    },
    {
      key: 'type',
      title: t('users.columns.type'),
      dataIndex: 'type',
      render: (value: UserRow['type']) => t(`values.type.${value}`),
    },
    { key: 'roles', title: t('users.columns.roles'), render: (_, user) => <RoleTags roles={user.roles} /> },
    {
      key: 'sites',
      title: t('users.columns.sites'),
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
      render: (value: UserRow['status']) => (
        <Tag color={value === 'Active' ? 'green' : 'red'}>{t(`values.status.${value}`)}</Tag>
      ),
    },
    {
      key: 'lastTimeLogin',
      title: t('users.columns.lastLogin'),
      dataIndex: 'lastTimeLogin',
      render: (value: number) => formatLastLogin(value, t),
    },
    {
      key: 'numLogin',
      title: t('users.columns.numLogin'),
      dataIndex: 'numLogin',
      align: 'right',
      render: (value: number) => formatCount(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_, user) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit', user })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setDialog({ kind: 'reset', user })}>
            {t('users.resetPassword')}
          </Button>
          <Popconfirm
            title={t('common.sureToDelete')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => onDelete(user)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          aria-label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          style={{ width: 320 }}
          enterButton
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
          {t('users.addButton')}
        </Button>
      </Space>
      {users.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(users.error, t)}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void users.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Table<UserRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users.data?.items ?? []}
        loading={users.isFetching}
        scroll={{ x: 'max-content', y: TABLE_SCROLL_Y }}
        pagination={{
          current: page,
          pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== pageSize ? 1 : nextPage);
            setPageSize(nextSize);
          },
        }}
      />
      {dialog?.kind === 'add' && <AddUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
    </>
  );
}
