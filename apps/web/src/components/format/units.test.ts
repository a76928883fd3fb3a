import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { formatBytes, formatDuration, formatUptime, splitUptime } from './units.ts';

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

describe('durations in words', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('turns minutes into a duration with plurals', () => {
    expect(formatDuration(480, t)).toBe('8 hours');
    expect(formatDuration(60, t)).toBe('1 hour');
    expect(formatDuration(1440, t)).toBe('1 day');
    expect(formatDuration(2880, t)).toBe('2 days');
    expect(formatDuration(10080, t)).toBe('7 days');
    expect(formatDuration(2160, t)).toBe('1 day 12 hours');
    expect(formatDuration(90, t)).toBe('1 hour 30 minutes');
    expect(formatDuration(1, t)).toBe('1 minute');
    expect(formatDuration(0, t)).toBe('0 minutes');
  });

  it('translates durations into Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    expect(formatDuration(480, t)).toBe('8 giờ');
    expect(formatDuration(1440, t)).toBe('1 ngày');
    expect(formatDuration(10080, t)).toBe('7 ngày');
    await i18n.changeLanguage('en');
  });
});
