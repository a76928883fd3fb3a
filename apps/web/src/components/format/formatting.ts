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

/** HH:mm (24 hours, both languages), or '' for no time. */
export const formatTime = (epochMs: number | null | undefined): string => format(epochMs, TIME_FORMAT);

/** HH:mm:ss, or '' for no time. */
export const formatTimeSeconds = (epochMs: number | null | undefined): string => format(epochMs, `${TIME_FORMAT}:ss`);

/** DD-MM-YYYY HH:mm:ss, or '' for no date. */
export const formatDateTimeSeconds = (epochMs: number | null | undefined): string =>
  format(epochMs, `${DATE_TIME_FORMAT}:ss`);

/**
 * The day and month of a chart's axis (DD-MM), as the full dates write them: every screen writes a date one way, in
 * both languages (the spec's DD-MM-YYYY, 24-hour times), never the browser's or the locale's own.
 */
export const DAY_MONTH_FORMAT = 'DD-MM';
export const TIME_FORMAT = 'HH:mm';
