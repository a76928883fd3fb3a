import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/PageTabs.tsx';
import { SiteNamesTab } from './components/SiteNamesTab.tsx';

/** /clientDeviceInf (manage roles; the shell's gate sends the others to /403). */
export function ClientDeviceInfPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('clientDeviceInf.title')}>
      <PageTabs
        items={[{ key: 'siteNames', label: t('clientDeviceInf.tabs.siteNames'), children: <SiteNamesTab /> }]}
      />
    </Card>
  );
}
