import { Alert, Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { newVersion } from '../newVersion.ts';

/** Above every page once a new version is ready and the tab was not reloaded (someone was typing). */
export function NewVersionBanner() {
  const { t } = useTranslation();
  const ready = useSyncExternalStore(newVersion.subscribe, newVersion.ready, () => false);
  if (!ready) return null;
  return (
    <Alert
      role="status"
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('app.newVersion.ready')}
      action={
        <Button size="small" type="primary" onClick={() => newVersion.reload()}>
          {t('app.newVersion.reload')}
        </Button>
      }
    />
  );
}
