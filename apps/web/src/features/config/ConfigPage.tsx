import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/PageTabs.tsx';
import { ParametersTab } from './components/ParametersTab.tsx';

/** /config (settings). Only the Parameter tab so far; the shell's gate admits ROLE_ADMIN only for now. */
export function ConfigPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('config.title')}>
      <PageTabs items={[{ key: 'parameter', label: t('config.tabs.parameter'), children: <ParametersTab /> }]} />
    </Card>
  );
}
