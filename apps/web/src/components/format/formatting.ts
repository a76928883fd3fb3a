import { DATE_FORMAT, DATE_TIME_FORMAT } from '@it4u/shared';
import dayjs from 'dayjs';

function locale(language: string): string {
  return language === 'vi' ? 'vi-VN' : 'en-US';
}

/** Vietnamese đồng in the chosen language: vi '1.234.567 ₫', en '₫1,234,567'. */
export function formatMoney(value: number | null | undefined, language: string): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  }).format(value ?? 0);
}

export function formatNumber(value: number | null | undefined, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(value ?? 0);
}

function format(epochMs: number | null | undefined, pattern: string): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '';
  const when = dayjs(epochMs);
  return when.isValid() ? when.format(pattern) : '';
}

/** DD-MM-YYYY, or '' for no date. */
export const formatDate = (epochMs: number | null | undefined): string => format(epochMs, DATE_FORMAT);

/** DD-MM-YYYY HH:mm, or '' for no date. */
export const formatDateTime = (epochMs: number | null | undefined): string => format(epochMs, DATE_TIME_FORMAT);
