import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** Last sign-in in the chosen language (dayjs follows i18next); 0 or invalid (never signed in) says so. */
export function formatLastLogin(epochMs: number, t: TFunction): string {
  if (!epochMs || !Number.isFinite(epochMs) || epochMs <= 0) return t('users.noValid');
  const when = dayjs(epochMs);
  return when.isValid() ? when.format('L LTS') : t('users.noValid');
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US').format(value ?? 0);
}
