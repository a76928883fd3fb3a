import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChannelStatus, statusColor } from '../statuses.ts';

/** A channel status, translated and coloured like its row. */
export function StatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return <Tag color={statusColor(status)}>{isChannelStatus(status) ? t(`channels.status.${status}`) : status}</Tag>;
}
