import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { useCan } from '../../session/useCan.ts';
import { ParametersTab } from './components/ParametersTab.tsx';
import { CronjobTab } from './cronjob/CronjobTab.tsx';
import { MailerTab } from './mailer/MailerTab.tsx';
import { UploadTab } from './upload/UploadTab.tsx';
import { WirelessTab } from './wireless/WirelessTab.tsx';

/** /config (settings): Wireless Networks and Upload for every role; Cronjob for ADMIN, LEAD_KT and KT; Mailer and Parameter for administrators (disabled for the others). */
export function SettingsPage() {
  const { t } = useTranslation();
  const admin = useCan('parameters');
  const mailer = useCan('mailer');
  const cronjob = useCan('cronjob');
  return (
    <Card title={t('settings.title')}>
      <PageTabs
        items={[
          { key: 'wireless', label: t('settings.tabs.wireless'), children: <WirelessTab /> },
          { key: 'upload', label: t('settings.tabs.upload'), children: <UploadTab /> },
          {
            key: 'cronjob',
            label: t('settings.tabs.cronjob'),
            disabled: !cronjob,
            children: cronjob ? <CronjobTab /> : null,
          },
          {
            key: 'mailer',
            label: t('settings.tabs.mailer'),
            disabled: !mailer,
            children: mailer ? <MailerTab /> : null,
          },
          {
            key: 'parameter',
            label: t('settings.tabs.parameter'),
            disabled: !admin,
            children: admin ? <ParametersTab /> : null,
          },
        ]}
      />
    </Card>
  );
}
