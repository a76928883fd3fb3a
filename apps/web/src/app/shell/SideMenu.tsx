import { Badge, Input, Menu, type MenuProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSearchParts } from '../../components/table/TableToolbar.tsx';
import { activeMenuPath, type MenuEntry, searchMenu, subMenuKeys, visibleMenu } from './menu.ts';

type Props = {
  roles: readonly string[];
  userName: string;
  /** an entry was picked (the drawer on a phone closes) */
  onNavigate?: () => void;
  /** Enter in the search box: search the data for the words typed */
  onSearchData?: (words: string) => void;
  /** counts shown beside entries, by key (the chat's unread messages) */
  badges?: Partial<Record<string, number>>;
};

type Item = Required<MenuProps>['items'][number];

function toItems(
  entries: MenuEntry[],
  label: (key: string) => string,
  badges: Partial<Record<string, number>>,
): Item[] {
  return entries.map((entry) => {
    const Icon = entry.icon;
    if (entry.children) {
      return {
        key: entry.key,
        icon: <Icon />,
        label: label(entry.labelKey),
        children: toItems(entry.children, label, badges),
      };
    }
    const count = badges[entry.key] ?? 0;
    return {
      key: entry.key,
      icon: <Icon />,
      label: (
        <Link to={entry.path ?? '/home'}>
          {label(entry.labelKey)}
          {count > 0 && <Badge count={count} overflowCount={99} size="small" style={{ marginInlineStart: 8 }} />}
        </Link>
      ),
    };
  });
}

export function SideMenu({ roles, userName, onNavigate, onSearchData, badges = {} }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const searchParts = useSearchParts(t('menu.search'), false);
  const visible = useMemo(() => visibleMenu(roles), [roles]);
  const active = activeMenuPath(visible, pathname);
  // Sub-menus start closed, except the one holding the current screen.
  const [openKeys, setOpenKeys] = useState<string[]>(() => active.slice(0, -1));
  const label = (key: string) => t(key);
  const entries = searchMenu(visible, query, label);
  const selected = active.at(-1);

  return (
    <nav aria-label={t('menu.navigation')}>
      <div style={{ padding: '16px 16px 8px', display: 'flex', alignItems: 'center', gap: 8 }}>
        <span role="img" aria-label={t('menu.online')} style={{ display: 'inline-flex' }}>
          <Badge status="success" aria-hidden />
        </span>
        <Typography.Text strong style={{ color: '#fff' }} ellipsis>
          {userName}
        </Typography.Text>
      </div>
      <div style={{ padding: '0 16px 8px' }}>
        <Input.Search
          {...searchParts}
          size="small"
          aria-label={t('menu.search')}
          placeholder={t('menu.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // Enter (or the button) searches the data for the words typed
          onSearch={(value) => onSearchData?.(value.trim())}
        />
      </div>
      {entries.length === 0 ? (
        <Typography.Text style={{ color: 'rgba(255,255,255,0.65)', padding: '0 16px' }}>
          {t('menu.noMatch')}
        </Typography.Text>
      ) : (
        <Menu
          theme="dark"
          mode="inline"
          // The sider hides completely when collapsed (width 0), so the menu never needs its icon-only mode.
          inlineCollapsed={false}
          items={toItems(entries, label, badges)}
          selectedKeys={selected ? [selected] : []}
          openKeys={query ? subMenuKeys(entries) : openKeys}
          onOpenChange={(keys) => {
            if (!query) setOpenKeys(keys);
          }}
          onClick={() => onNavigate?.()}
        />
      )}
    </nav>
  );
}
