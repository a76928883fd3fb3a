import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format/formatting.ts';

/** 'Online', or when the person was last seen ('Last seen 5 minutes ago'), or 'Not seen yet'. */
export function PresenceText({ online, lastSeen }: { online: boolean; lastSeen: number | null }) {
  const { t } = useTranslation();
  if (online) {
    return (
      <Typography.Text type="success" style={{ fontSize: 'inherit' }}>
        {t('chat.online')}
      </Typography.Text>
    );
  }
  if (lastSeen === null) return <span>{t('chat.neverSeen')}</span>;
  return (
    <time dateTime={new Date(lastSeen).toISOString()} title={formatDateTime(lastSeen)}>
      {t('chat.lastSeen', { when: dayjs(lastSeen).fromNow() })}
    </time>
  );
}
