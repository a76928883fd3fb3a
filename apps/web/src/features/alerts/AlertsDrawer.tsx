import { Button, Drawer, Grid, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { AlertItem } from './AlertItem.tsx';
import { useAlertsQuery } from './alertsQueries.ts';

const SHOWN = 50;

/** The notification drawer: the open alerts the user is told about, newest first, each leading to where it is. */
export function AlertsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md !== true;
  const alerts = useAlertsQuery('open', 1, SHOWN, open);
  const items = alerts.data?.items ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('alerts.drawerTitle')}
      size={phone ? '100%' : 480}
      closable={{ 'aria-label': t('alerts.close') }}
      extra={
        <Link to="/alerts" onClick={onClose}>
          {t('alerts.all')}
        </Link>
      }
    >
      <QueryView query={alerts} empty={items.length === 0} emptyText={t('alerts.noneOpen')}>
        <List
          dataSource={items}
          renderItem={(alert) => (
            <List.Item key={alert.id}>
              <AlertItem alert={alert} onNavigate={onClose} />
            </List.Item>
          )}
        />
        {(alerts.data?.total ?? 0) > SHOWN && (
          <Link to="/alerts" onClick={onClose}>
            <Button type="link">{t('alerts.more', { count: (alerts.data?.total ?? 0) - SHOWN })}</Button>
          </Link>
        )}
      </QueryView>
    </Drawer>
  );
}
