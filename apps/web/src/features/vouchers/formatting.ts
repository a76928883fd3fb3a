import type { TFunction } from 'i18next';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
const KBPS_PER_MBPS = 1024;

function numberFormat(language: string, maximumFractionDigits = 2): Intl.NumberFormat {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits });
}

/** A voucher's validity from minutes: '8 hours', '1 day', '7 days', '1 day 12 hours', '90 minutes' → '1 hour 30 minutes'. */
export function formatDuration(minutes: number, t: TFunction): string {
  const total = Math.max(0, Math.round(minutes || 0));
  if (total === 0) return t('vouchers.duration.minute', { count: 0 });
  const days = Math.floor(total / MINUTES_PER_DAY);
  const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  const parts: string[] = [];
  if (days > 0) parts.push(t('vouchers.duration.day', { count: days }));
  if (hours > 0) parts.push(t('vouchers.duration.hour', { count: hours }));
  if (rest > 0) parts.push(t('vouchers.duration.minute', { count: rest }));
  return parts.join(' ');
}

/** A rate limit in kbps: '150 Kbps', '2 Mbps' from 1024 kbps up, '—' when not limited. */
export function formatRate(kbps: number | null | undefined, language: string): string {
  if (kbps === null || kbps === undefined) return '—';
  if (kbps >= KBPS_PER_MBPS) return `${numberFormat(language).format(kbps / KBPS_PER_MBPS)} Mbps`;
  return `${numberFormat(language).format(kbps)} Kbps`;
}

/** A byte quota in MB, '—' when not limited. */
export function formatQuotaMb(mb: number | null | undefined, language: string): string {
  if (mb === null || mb === undefined) return '—';
  return `${numberFormat(language).format(mb)} MB`;
}

/** Uses made of those allowed: "2 / 5", "3 / ∞" (quota 0 is no limit). */
export function formatUses(used: number, quota: number, language: string): string {
  const n = numberFormat(language, 0);
  return `${n.format(used)} / ${quota === 0 ? '∞' : n.format(quota)}`;
}
