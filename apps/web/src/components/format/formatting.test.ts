import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import {
  DAY_MONTH_FORMAT,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatMoney,
  formatNumber,
  formatTime,
} from './formatting.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('supplies formatting', () => {
  it('formats money in the chosen language', () => {
    expect(plain(formatMoney(1234567, 'vi'))).toBe('1.234.567 ₫');
    expect(formatMoney(1234567, 'en')).toBe('₫1,234,567');
  });

  it('formats quantities and dates', () => {
    expect(formatNumber(-1500, 'vi')).toBe('-1.500');
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatDate(new Date(2026, 2, 5, 12).getTime())).toBe('05-03-2026');
    expect(formatDate(null)).toBe('');
  });
});

describe('dates and times', () => {
  it('are written one way on every screen, in both languages: DD-MM-YYYY and 24 hours', async () => {
    const at = new Date(2026, 10, 27, 14, 52, 7).getTime();
    for (const language of ['en', 'vi'] as const) {
      await applyLanguage(language);
      expect(formatDateTime(at)).toBe('27-11-2026 14:52');
      expect(formatDateTimeSeconds(at)).toBe('27-11-2026 14:52:07');
      expect(formatTime(at)).toBe('14:52');
      expect(dayjs(at).format(DAY_MONTH_FORMAT)).toBe('27-11');
    }
    await applyLanguage('en');
  });
});
