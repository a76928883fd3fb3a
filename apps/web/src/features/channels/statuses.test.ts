import { CHANNEL_DEVICE_STATUSES, CHANNEL_STATUSES } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import vi from '../../i18n/vi.json';
import { DEVICE_STATUS_KEYS, isChannelStatus, statusColor, statusRowClass } from './statuses.ts';

describe('channel statuses', () => {
  it('style rows online, offline, suspend, else warning', () => {
    expect(statusRowClass('online')).toBe('online');
    expect(statusRowClass('offline')).toBe('offline');
    expect(statusRowClass('suspend')).toBe('suspend');
    for (const status of ['moved', 'paused', 'pending', undefined, null, 'nonsense']) {
      expect(statusRowClass(status)).toBe('warning');
    }
    expect(statusColor('online')).toBe('green');
    expect(statusColor('suspend')).toBe('red');
    expect(statusColor('pending')).toBe('gold');
  });

  it('label the six statuses capitalised in English and in Vietnamese', () => {
    expect(CHANNEL_STATUSES.map((s) => en.channels.status[s])).toEqual([
      'Online',
      'Offline',
      'Moved',
      'Paused',
      'Pending',
      'Suspend',
    ]);
    for (const s of CHANNEL_STATUSES) expect(vi.channels.status[s]).toMatch(/^\p{Lu}/u);
    expect(isChannelStatus('moved')).toBe(true);
    expect(isChannelStatus('Moved')).toBe(false);
  });

  it('translate the six device statuses', () => {
    const label = (lang: typeof en, s: (typeof CHANNEL_DEVICE_STATUSES)[number]) =>
      lang.channels.deviceStatus[DEVICE_STATUS_KEYS[s] as keyof typeof en.channels.deviceStatus];
    expect(CHANNEL_DEVICE_STATUSES.map((s) => label(en, s))).toEqual([
      'Not yet recovered',
      'Recovered',
      'Relocated',
      'Active',
      'Customer lost the device',
      'Recovered by VNPT',
    ]);
    expect(CHANNEL_DEVICE_STATUSES.map((s) => label(vi, s))).toEqual([
      'Chưa thu hồi',
      'Đã thu hồi',
      'Dịch chuyển',
      'Hoạt động',
      'KH làm mất thiết bị',
      'VNPT thu hồi',
    ]);
  });

  it('ask for a missing status with the column title', () => {
    expect(en.channels.required.replace('{{title}}', en.channels.fields.status)).toBe('Please Input Status!');
    expect(vi.channels.required.replace('{{title}}', vi.channels.fields.status)).toBe('Vui lòng nhập Trạng thái!');
  });
});
