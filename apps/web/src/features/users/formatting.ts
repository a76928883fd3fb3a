import type { TFunction } from 'i18next';
import { formatDateTimeSeconds } from '../../components/format/formatting.ts';

/** Last sign-in (DD-MM-YYYY HH:mm:ss, as every date of the console); 0 or invalid (never signed in) says so. */
export function formatLastLogin(epochMs: number, t: TFunction): string {
  if (!epochMs || !Number.isFinite(epochMs) || epochMs <= 0) return t('users.noValid');
  return formatDateTimeSeconds(epochMs) || t('users.noValid');
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US').format(value ?? 0);
}
