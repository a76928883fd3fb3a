import type { StockOutStatus } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** i18n key of each stock-out status (the values themselves are the spec's Vietnamese). */
export const STATUS_KEYS: Record<StockOutStatus, string> = {
  'Đang sử dụng': 'inUse',
  'Hư hỏng': 'broken',
  'Thu hồi': 'recalled',
  'Đã dịch chuyển': 'moved',
};

const isStatus = (value: unknown): value is StockOutStatus => typeof value === 'string' && value in STATUS_KEYS;

/**
 * A stock-out status in the reader's words (the register, the reconciliation, a customer's equipment and timeline);
 * anything else as it came.
 */
export const statusText = (t: TFunction, value: unknown): string =>
  isStatus(value) ? t(`supplies.status.${STATUS_KEYS[value]}`) : String(value ?? '');

/** In use green, recalled orange, others red. */
export function statusColor(status: string | undefined): string {
  if (status === 'Đang sử dụng') return 'green';
  if (status === 'Thu hồi') return 'orange';
  return 'red';
}
