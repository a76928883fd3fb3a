import type { VoucherStatus } from '@it4u/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { KNOWN_STATUSES, statusLabel } from '../exportVouchers.ts';

type Props = {
  value: VoucherStatus | undefined;
  onChange: (status: VoucherStatus | undefined) => void;
  /** how many vouchers the search finds of each status (the server counts them, whatever the status chosen) */
  counts: Record<string, number>;
};

/** The voucher list's status filter: every status with how many the search finds, or all of them. */
export function VoucherStatusFilter({ value, onChange, counts }: Props) {
  const { t } = useTranslation();
  const found = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <Select<VoucherStatus | ''>
      aria-label={t('vouchers.columns.status')}
      value={value ?? ''}
      onChange={(next) => onChange(next || undefined)}
      options={[
        { value: '', label: t('vouchers.allStatuses', { count: found }) },
        ...KNOWN_STATUSES.map((s) => ({
          value: s,
          label: t('vouchers.statusCount', { status: statusLabel(s, t), count: counts[s] ?? 0 }),
        })),
      ]}
      style={{ minWidth: 220, maxWidth: '100%' }}
    />
  );
}
