import { afterAll, describe, expect, it } from 'vitest';
import { escapeCell } from '../../components/download/writeSheet.ts';
import { i18n } from '../../i18n/i18n.ts';
import { formatQuotaMb, formatRate, formatUses } from './formatting.ts';

describe('voucher formatting', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('shows rates in Kbps, Mbps from 1024 on, and a dash when unlimited', () => {
    expect(formatRate(150, 'en')).toBe('150 Kbps');
    expect(formatRate(1023, 'en')).toBe('1,023 Kbps');
    expect(formatRate(1024, 'en')).toBe('1 Mbps');
    expect(formatRate(1536, 'en')).toBe('1.5 Mbps');
    expect(formatRate(1536, 'vi')).toBe('1,5 Mbps');
    expect(formatRate(null, 'en')).toBe('—');
  });

  it('shows the byte quota in MB or a dash', () => {
    expect(formatQuotaMb(2, 'en')).toBe('2 MB');
    expect(formatQuotaMb(2048, 'vi')).toBe('2.048 MB');
    expect(formatQuotaMb(null, 'en')).toBe('—');
  });

  it('shows the uses made of those allowed, no limit as ∞', () => {
    expect(formatUses(2, 5, 'en')).toBe('2 / 5');
    expect(formatUses(1200, 0, 'vi')).toBe('1.200 / ∞');
    expect(formatUses(0, 1, 'vi')).toBe('0 / 1');
  });

  it('escapes spreadsheet cells that would read as formulas', () => {
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+84 90')).toBe("'+84 90");
    expect(escapeCell('-1')).toBe("'-1");
    expect(escapeCell('@cmd')).toBe("'@cmd");
    expect(escapeCell('12345-67890')).toBe('12345-67890');
    expect(escapeCell(-1)).toBe(-1);
  });
});
