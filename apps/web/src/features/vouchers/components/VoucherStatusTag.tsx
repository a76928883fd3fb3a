import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '../exportVouchers.ts';

const COLORS: Record<string, string> = {
  VALID_ONE: 'green',
  VALID_MULTI: 'green',
  USED_MULTIPLE: 'blue',
  USED: 'default',
  EXPIRED: 'red',
};

export function VoucherStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{statusLabel(status, t)}</Tag>;
}
