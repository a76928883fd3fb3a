import {
  ExperimentOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@it4u/shared';
import { Avatar, Button, Dropdown, Grid, Modal, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { toUserLanguage } from '../../i18n/i18n.ts';
import { unsentOf } from '../../offline/outbox.ts';
import { useControllerStatusQuery } from '../../session/useControllerStatusQuery.ts';
import { useSignOut } from '../../session/useSignOut.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { NotificationBadges } from './NotificationBadges.tsx';
import { useSaveLanguageMutation } from './useSaveLanguageMutation.ts';

type Props = { user: CurrentUser; menuOpen: boolean; onToggle: () => void; onSearch: () => void };

export function TopBar({ user, menuOpen, onToggle, onSearch }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const signOut = useSignOut();
  const [modal, modalHolder] = Modal.useModal();
  const saveLanguage = useSaveLanguageMutation();
  const controller = useControllerStatusQuery();
  // Below md the badge and the account button keep only their icons, so that the top bar fits a phone (the account
  // menu names the user).
  const wide = Grid.useBreakpoint().md === true;

  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: '100%' }}>
      {modalHolder}
      <Button
        type="text"
        aria-label={t('menu.toggle')}
        aria-expanded={menuOpen}
        icon={menuOpen ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        onClick={onToggle}
      />
      <Space size={wide ? 'middle' : 4}>
        <Tooltip title={t('search.shortcut')}>
          <Button
            icon={<SearchOutlined aria-hidden />}
            // its name holds the words it shows (WCAG 2.5.3), and names it alone on a phone
            aria-label={t('search.open')}
            aria-keyshortcuts="Control+K Meta+K"
            onClick={onSearch}
          >
            {wide ? t('search.title') : null}
          </Button>
        </Tooltip>
        {controller.data?.demo && (
          <Tooltip title={t('controller.demoTooltip')}>
            <Tag
              color="gold"
              icon={<ExperimentOutlined aria-hidden />}
              tabIndex={0}
              role="note"
              aria-label={t('controller.demo')}
              style={{ marginInlineEnd: 0 }}
            >
              {wide ? t('controller.demo') : null}
            </Tag>
          </Tooltip>
        )}
        <NotificationBadges />
        <LanguageSelect
          onChange={(language) =>
            saveLanguage.mutate(toUserLanguage(language), { onError: (error) => notice.error(error) })
          }
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'who',
                disabled: true,
                label: (
                  <div style={{ cursor: 'default' }}>
                    <div style={{ fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{user.name}</div>
                    <div style={{ color: 'rgba(0,0,0,0.55)' }}>{user.username}</div>
                  </div>
                ),
              },
              { type: 'divider' },
              {
                key: 'profile',
                icon: <UserOutlined aria-hidden />,
                label: <Link to={`/users/${encodeURIComponent(user.username)}`}>{t('topbar.changeProfile')}</Link>,
              },
              {
                key: 'password',
                icon: <KeyOutlined aria-hidden />,
                label: <Link to="/user/changepassword">{t('topbar.changePassword')}</Link>,
              },
              {
                key: 'logout',
                icon: <LogoutOutlined aria-hidden />,
                label: t('topbar.logout'),
                onClick: () => {
                  const unsent = unsentOf(user.id);
                  if (unsent === 0) return void signOut();
                  // stock-outs kept on the phone and not sent: said before they go with the sign-out
                  void modal.confirm({
                    title: t('offline.signOutUnsent.title', { count: unsent }),
                    content: t('offline.signOutUnsent.content'),
                    okText: t('offline.signOutUnsent.ok'),
                    okButtonProps: { danger: true },
                    cancelText: t('offline.signOutUnsent.stay'),
                    onOk: () => signOut(),
                  });
                },
              },
            ],
          }}
        >
          <Button type="text" aria-haspopup="menu" title={t('topbar.profileMenu')}>
            <Space>
              <Avatar size="small" icon={<UserOutlined aria-hidden />} />
              {wide && <span>{user.name}</span>}
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
