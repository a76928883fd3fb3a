import type { TFunction } from 'i18next';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in readable units (1024 steps), in the chosen language: en '1.2 MB', vi '1,2 MB'. */
export function formatBytes(bytes: number | null | undefined, language: string): string {
  let value = Math.max(0, Number(bytes) || 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const text = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
    maximumFractionDigits: digits,
  }).format(value);
  return `${text} ${UNITS[unit]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as whole days and the HH:mm:ss of the rest. */
export function splitUptime(seconds: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(Number(seconds) || 0));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, clock };
}

/** Uptime HH:mm:ss; from 24 hours on with the days in front, e.g. '2d 03:04:05' ('2 ngày 03:04:05'). */
export function formatUptime(seconds: number, t: TFunction): string {
  const { days, clock } = splitUptime(seconds);
  return days > 0 ? t('common.uptimeWithDays', { count: days, clock }) : clock;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * A duration from minutes, in words of the reader's language: '8 hours', '1 day 12 hours', '90 minutes' → '1 hour 30
 * minutes' ('1 giờ 30 phút'); a voucher's validity, an outage.
 */
export function formatDuration(minutes: number, t: TFunction): string {
  const total = Math.max(0, Math.round(minutes || 0));
  if (total === 0) return t('common.duration.minute', { count: 0 });
  const days = Math.floor(total / MINUTES_PER_DAY);
  const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  const parts: string[] = [];
  if (days > 0) parts.push(t('common.duration.day', { count: days }));
  if (hours > 0) parts.push(t('common.duration.hour', { count: hours }));
  if (rest > 0) parts.push(t('common.duration.minute', { count: rest }));
  return parts.join(' ');
}
