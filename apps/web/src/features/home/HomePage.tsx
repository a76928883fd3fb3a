import { PAGE_SIZE, PAGE_SIZE_OPTIONS, type Site } from '@it4u/shared';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/QueryErrorAlert.tsx';
import { RegisterTable } from '../../components/RegisterTable.tsx';
import { RoleTags } from '../../components/RoleTags.tsx';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { useMySitesQuery } from '../../session/useMySitesQuery.ts';

/** The welcome page: who you are and which sites you can see. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const sites = useMySitesQuery();
  if (!user) return null;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('home.greeting', { name: user.name })}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary">{t('home.roles')}:</Typography.Text>
          {user.roles.length > 0 ? (
            <RoleTags roles={user.roles} />
          ) : (
            <Typography.Text>{t('home.noRoles')}</Typography.Text>
          )}
        </Space>
      </Card>
      <Card title={t('home.sites')}>
        {sites.isError ? (
          <QueryErrorAlert query={sites} />
        ) : (
          <RegisterTable<Site>
            card={{ title: ['sitename', 'idname'] }}
            rowKey="idname"
            size="small"
            loading={sites.isPending}
            dataSource={sites.data ?? []}
            locale={{ emptyText: t('home.noSites') }}
            pagination={{
              defaultPageSize: PAGE_SIZE,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              hideOnSinglePage: true,
            }}
            columns={[
              { key: 'sitename', title: t('siteNames.columns.sitename'), dataIndex: 'sitename' },
              { key: 'idname', title: t('siteNames.columns.idname'), dataIndex: 'idname' },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
