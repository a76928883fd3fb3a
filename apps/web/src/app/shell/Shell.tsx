import { CloseOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@it4u/shared';
import { Drawer, Grid, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useUnreadQuery } from '../../features/chat/chatQueries.ts';
import { PageSpinner } from '../lazyPage.tsx';
import { NewVersionBanner } from './NewVersionBanner.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { SearchDialog, useSearchShortcut } from './SearchDialog.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

type Props = { user: CurrentUser };

const MENU_WIDTH = 240;
const DARK = '#001529';

/**
 * From the lg breakpoint up the menu is a side column that folds away; below it, a drawer over the page that
 * closes when an entry is picked (the page keeps its full width).
 */
export function Shell({ user }: Props) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().lg === true;
  const [folded, setFolded] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const roles = user.roles.map((role) => role.name);

  // a new screen (an entry picked, or Back) closes the drawer
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setDrawerOpen(false);
  }

  const unread = useUnreadQuery().data ?? 0;
  // the search of the data: Ctrl+K anywhere, Enter in the menu's search box, the top bar's button
  const [search, setSearch] = useState<{ open: boolean; initial: string }>({ open: false, initial: '' });
  const openSearch = (initial = '') => {
    setDrawerOpen(false);
    setSearch({ open: true, initial });
  };
  useSearchShortcut(() => openSearch());
  const menu = (
    <SideMenu
      roles={roles}
      userName={user.name}
      onNavigate={() => setDrawerOpen(false)}
      onSearchData={openSearch}
      badges={{ chat: unread }}
    />
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide && (
        <Layout.Sider collapsedWidth={0} collapsible collapsed={folded} trigger={null} width={MENU_WIDTH}>
          {menu}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={MENU_WIDTH}
          closable={{
            'aria-label': t('menu.close'),
            closeIcon: <CloseOutlined aria-hidden style={{ color: 'rgba(255,255,255,0.85)' }} />,
          }}
          title={null}
          aria-label={t('menu.navigation')}
          styles={{
            header: { background: DARK, borderBottom: 'none', padding: '8px 12px 0' },
            body: { padding: 0, background: DARK },
            content: { background: DARK },
          }}
        >
          {menu}
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header style={{ background: '#fff', padding: '0 16px' }}>
          <TopBar
            user={user}
            menuOpen={wide ? !folded : drawerOpen}
            onToggle={() => (wide ? setFolded((f) => !f) : setDrawerOpen((o) => !o))}
            onSearch={() => openSearch()}
          />
        </Layout.Header>
        <Layout.Content style={{ margin: wide ? 16 : 8, minWidth: 0 }}>
          <NewVersionBanner />
          <OfflineBanner user={user.id} />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
          <SearchDialog
            open={search.open}
            initial={search.initial}
            onClose={() => setSearch((s) => ({ ...s, open: false }))}
          />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>{t('footer.text')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
