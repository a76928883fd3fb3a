import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from './formatting.ts';

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
