import type { Voucher, VoucherStatus } from '@it4u/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type Cell, escapeCell, saveSheet } from '../../components/download/writeSheet.ts';
import { formatDuration } from '../../components/format/units.ts';
import { formatQuotaMb, formatRate, formatUses } from './formatting.ts';

/** The header row and one row per voucher, as the table shows them (texts escaped). */
export function voucherSheetRows(vouchers: readonly Voucher[], t: TFunction, language: string): Cell[][] {
  const header = [
    t('vouchers.columns.code'),
    t('vouchers.columns.createTime'),
    t('vouchers.columns.down'),
    t('vouchers.columns.up'),
    t('vouchers.columns.byteQuota'),
    t('vouchers.columns.note'),
    t('vouchers.columns.duration'),
    t('vouchers.columns.uses'),
    t('vouchers.columns.status'),
  ];
  const rows = vouchers.map((v) => [
    v.code,
    dayjs(v.createTime).format('DD-MM-YYYY HH:mm'),
    formatRate(v.down, language),
    formatRate(v.up, language),
    formatQuotaMb(v.byteQuota, language),
    v.note ?? '',
    formatDuration(v.duration, t),
    formatUses(v.used, v.quota, language),
    statusLabel(v.status, t),
  ]);
  return [header, ...rows].map((row) => row.map(escapeCell));
}

/** The statuses a controller gives a voucher, as the status filter lists them. */
export const KNOWN_STATUSES = [
  'VALID_ONE',
  'VALID_MULTI',
  'USED',
  'USED_MULTIPLE',
  'EXPIRED',
] as const satisfies readonly VoucherStatus[];

export function statusLabel(status: string, t: TFunction): string {
  return (KNOWN_STATUSES as readonly string[]).includes(status) ? t(`vouchers.status.${status}`) : status;
}

/** Writes the vouchers to an .xlsx in the browser. */
export function exportVouchers(vouchers: readonly Voucher[], site: string, t: TFunction, language: string) {
  return saveSheet(voucherSheetRows(vouchers, t, language), {
    widths: [14, 18, 12, 12, 12, 30, 16, 10, 16],
    sheet: 'Vouchers',
    file: `vouchers-${site}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
  });
}
