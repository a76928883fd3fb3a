import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { UserGroupsTab } from './components/UserGroupsTab.tsx';
import { UsersTab } from './components/UsersTab.tsx';

type TabKey = 'users' | 'groups';

/** /users: the shell's gate has already sent users without the users entry to /403. */
export function UsersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('users');
  return (
    <Card title={t('users.title')}>
      <PageTabs<TabKey>
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'users', label: t('users.tabs.users'), children: <UsersTab /> },
          { key: 'groups', label: t('users.tabs.groups'), children: <UserGroupsTab active={tab === 'groups'} /> },
        ]}
      />
    </Card>
  );
}
