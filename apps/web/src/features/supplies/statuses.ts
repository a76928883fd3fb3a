import type { StockOutStatus } from '@it4u/shared';

/** i18n key of each stock-out status (the values themselves are Vietnamese). */
export const STATUS_KEYS: Record<StockOutStatus, string> = {
  'Đang sử dụng': 'inUse',
  'Hư hỏng': 'broken',
  'Thu hồi': 'recalled',
  'Đã dịch chuyển': 'moved',
};

/** In use green, recalled orange, others red. */
export function statusColor(status: string | undefined): string {
  if (status === 'Đang sử dụng') return 'green';
  if (status === 'Thu hồi') return 'orange';
  return 'red';
}
