import { ROLE_NAMES, type UserRow } from '@it4u/shared';
import { Badge, Collapse, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../../components/account/roleLabel.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useAllUsersQuery } from '../useAllUsersQuery.ts';

type Group = { key: string; label: string; users: UserRow[] };

const OTHER = 'other';

/** Users grouped by role; a user with several roles is listed under each of them. */
export function UserGroupsTab({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const everyone = useAllUsersQuery(active);

  const groups = useMemo<Group[]>(() => {
    const users = everyone.data ?? [];
    const known: readonly string[] = ROLE_NAMES;
    const byRole: Group[] = ROLE_NAMES.map((role) => ({
      key: role,
      label: roleLabel(role, t),
      users: users.filter((user) => user.roles.some((r) => r.name === role)),
    }));
    const others = users.filter((user) => user.roles.length === 0 || user.roles.some((r) => !known.includes(r.name)));
    return others.length > 0 ? [...byRole, { key: OTHER, label: t('users.groups.otherRoles'), users: others }] : byRole;
  }, [everyone.data, t]);

  if (everyone.isError) {
    return <QueryErrorAlert query={everyone} />;
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{t('users.groups.hint')}</Typography.Paragraph>
      <Collapse
        items={groups.map((group) => ({
          key: group.key,
          label: (
            <span>
              {group.label}{' '}
              <Badge
                count={group.users.length}
                showZero
                overflowCount={9999}
                color={group.users.length ? '#0958d9' : '#595959'}
                title={t('users.groups.count', { count: group.users.length })}
              />
            </span>
          ),
          children: (
            <RegisterTable<UserRow>
              card={{ title: ['name', 'username'] }}
              rowKey="id"
              size="small"
              dataSource={group.users}
              loading={everyone.isFetching}
              locale={{ emptyText: t('users.groups.empty') }}
              pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'name', title: t('users.columns.name'), dataIndex: 'name' },
                { key: 'username', title: t('users.columns.username'), dataIndex: 'username' },
                { key: 'email', title: t('users.columns.email'), dataIndex: 'email' },
                {
                  key: 'status',
                  title: t('users.columns.status'),
                  dataIndex: 'status',
                  render: (value: UserRow['status']) => (
                    <Tag color={value === 'Active' ? 'green' : 'red'}>{t(`values.status.${value}`)}</Tag>
                  ),
                },
              ]}
            />
          ),
        }))}
      />
    </>
  );
}
