import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/PageTabs.tsx';
import { DeviceInfoTab } from './components/DeviceInfoTab.tsx';
import { SiteNamesTab } from './components/SiteNamesTab.tsx';

/** /clientDeviceInf (manage roles; the shell's gate sends the others to /403). */
export function ClientDeviceInfPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('clientDeviceInf.title')}>
      <PageTabs
        items={[
          { key: 'devices', label: t('clientDeviceInf.tabs.devices'), children: <DeviceInfoTab /> },
          { key: 'siteNames', label: t('clientDeviceInf.tabs.siteNames'), children: <SiteNamesTab /> },
        ]}
      />
    </Card>
  );
}
