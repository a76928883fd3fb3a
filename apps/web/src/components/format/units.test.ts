import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { formatBytes, formatUptime, splitUptime } from './units.ts';

const t = i18n.t.bind(i18n);

describe('bytes and uptimes', () => {
  it('shows bytes in readable units in the chosen language', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1024, 'en')).toBe('1 KB');
    expect(formatBytes(1.2 * 1024 * 1024, 'en')).toBe('1.2 MB');
    expect(formatBytes(3.4 * 1024 ** 3, 'en')).toBe('3.4 GB');
    expect(formatBytes(3.4 * 1024 ** 3, 'vi')).toBe('3,4 GB');
    expect(formatBytes(1536 * 1024 ** 4, 'en')).toBe('1.5 PB');
  });

  it('formats uptime as HH:mm:ss', () => {
    expect(splitUptime(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(formatUptime(59, t)).toBe('00:00:59');
    expect(formatUptime(3 * 3600 + 4 * 60 + 5, t)).toBe('03:04:05');
    expect(formatUptime(86_399, t)).toBe('23:59:59');
  });

  it('puts the days in front from 24 hours on', async () => {
    expect(formatUptime(86_400, t)).toBe('1d 00:00:00');
    expect(formatUptime(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, t)).toBe('2d 03:04:05');
    await i18n.changeLanguage('vi');
    expect(formatUptime(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, t)).toBe('2 ngày 03:04:05');
    await i18n.changeLanguage('en');
  });
});
