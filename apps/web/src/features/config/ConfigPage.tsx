import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/PageTabs.tsx';
import { useCan } from '../../session/useCan.ts';
import { ParametersTab } from './components/ParametersTab.tsx';
import { UploadTab } from './upload/UploadTab.tsx';
import { WirelessTab } from './wireless/WirelessTab.tsx';

/** /config (settings): Wireless Networks and Upload for every role; Parameter for administrators (disabled for the others). */
export function ConfigPage() {
  const { t } = useTranslation();
  const admin = useCan('parameters');
  return (
    <Card title={t('config.title')}>
      <PageTabs
        items={[
          { key: 'wireless', label: t('config.tabs.wireless'), children: <WirelessTab /> },
          { key: 'upload', label: t('config.tabs.upload'), children: <UploadTab /> },
          {
            key: 'parameter',
            label: t('config.tabs.parameter'),
            disabled: !admin,
            children: admin ? <ParametersTab /> : null,
          },
        ]}
      />
    </Card>
  );
}
