import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { ChannelSummary } from './components/ChannelSummary.tsx';
import { DetailsTab } from './components/DetailsTab.tsx';
import { ImportTab } from './components/ImportTab.tsx';
import { RegistrationTab } from './components/RegistrationTab.tsx';
import './channels.css';

type TabKey = 'details' | 'registration' | 'import';

/** /channel (manage roles; the shell's gate sends the others to /403, and so does a 403 of the API). */
export function ChannelsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('details');
  return (
    <Card title={t('channels.title')} className="channel-page">
      <ChannelSummary />
      <PageTabs<TabKey>
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'details', label: t('channels.tabs.details'), children: <DetailsTab /> },
          { key: 'registration', label: t('channels.tabs.registration'), children: <RegistrationTab /> },
          { key: 'import', label: t('channels.tabs.import'), children: <ImportTab /> },
        ]}
      />
    </Card>
  );
}
