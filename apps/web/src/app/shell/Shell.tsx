import type { CurrentUser } from '@it4u/shared';
import { Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSpinner } from '../lazyPage.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

type Props = { user: CurrentUser };

export function Shell({ user }: Props) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const roles = user.roles.map((role) => role.name);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        width={240}
      >
        <SideMenu roles={roles} userName={user.name} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px' }}>
          <TopBar user={user} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>{t('footer.text')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
