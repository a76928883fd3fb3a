import { BellOutlined, DisconnectOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Button, Grid, Space, Tooltip } from 'antd';
import { type ComponentType, type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertsDrawer } from '../../features/alerts/AlertsDrawer.tsx';
import { useAlertCountsQuery } from '../../features/alerts/alertsQueries.ts';
import { useUnreadQuery } from '../../features/chat/chatQueries.ts';

/**
 * The top bar's badges, kept live by the realtime socket: the open alerts not acknowledged (the bell opens the
 * drawer of open alerts); on a wide screen also the sites with a fault now, acknowledged or muted too (to the Alerts
 * page: what is down whoever is on it), and the unread messages (to the chat; on a phone the menu's Chat entry shows
 * them).
 */
export function NotificationBadges() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wide = Grid.useBreakpoint().md === true;
  const counts = useAlertCountsQuery().data;
  const unacked = counts?.unacked ?? 0;
  const sites = counts?.sites ?? 0;
  const unread = useUnreadQuery().data ?? 0;
  const alertsLabel = counts ? t('alerts.badge', { count: counts.open, unacked }) : t('alerts.drawerTitle');
  return (
    <Space size={4} style={{ lineHeight: 'normal' }}>
      <TopBadge
        label={alertsLabel}
        count={unacked}
        testId="alerts-badge"
        icon={BellOutlined}
        onClick={() => setOpen(true)}
        opensDialog
      />
      {wide && (
        <TopBadge
          label={t('alerts.sitesBadge', { count: sites })}
          count={sites}
          testId="sites-badge"
          icon={DisconnectOutlined}
          onClick={() => void navigate('/alerts')}
        />
      )}
      {/* on a phone the menu's Chat entry carries the unread count: the top bar keeps its room */}
      {wide && (
        <TopBadge
          label={t('chat.badge', { count: unread })}
          count={unread}
          testId="messages-badge"
          icon={MessageOutlined}
          onClick={() => void navigate('/chat')}
        />
      )}
      <AlertsDrawer open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}

/** One of the top bar's badges: an icon button named by what it counts, the count on it. */
function TopBadge(props: {
  label: string;
  count: number;
  testId: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; style?: CSSProperties }>;
  onClick: () => void;
  opensDialog?: boolean;
}) {
  const Icon = props.icon;
  return (
    <Tooltip title={props.label}>
      <Badge count={props.count} size="small" offset={[-6, 6]} title="">
        <Button
          type="text"
          aria-label={props.label}
          aria-haspopup={props.opensDialog ? 'dialog' : undefined}
          data-testid={props.testId}
          data-count={props.count}
          onClick={props.onClick}
          icon={<Icon aria-hidden style={{ fontSize: 18 }} />}
        />
      </Badge>
    </Tooltip>
  );
}
