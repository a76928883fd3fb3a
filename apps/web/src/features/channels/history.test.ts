import type { ChannelHistoryEntry } from '@it4u/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { entityLabel, fieldLabel, historyValue, newestFirst, shownChanges } from './history.ts';

const entry = (id: number, at: number, changes: ChannelHistoryEntry['changes'] = []): ChannelHistoryEntry => ({
  id,
  entity: 'detail',
  entityId: 12,
  action: 'update',
  at,
  actorName: 'admin',
  changes,
});

describe('channel history', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('lists the newest first', () => {
    expect(newestFirst([entry(1, 100), entry(3, 300), entry(2, 300)]).map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('shows dates as dates, statuses translated, and nothing as a dash', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t;
    const march5 = new Date(2026, 2, 5, 9).getTime();
    expect(historyValue('deployRequestDate', march5, t, 'en')).toBe('05-03-2026');
    expect(historyValue('dateStop', null, t, 'en')).toBe('—');
    expect(historyValue('status', 'suspend', t, 'en')).toBe('Suspend');
    expect(historyValue('deviceStatus', 'KH lam mat thiet bi', t, 'en')).toBe('Customer lost the device');
    expect(historyValue('fees', 1500000, t, 'en')).toBe('₫1,500,000');
    expect(historyValue('channel', 9, t, 'en', { id: 9, name: 'Kênh Q1' })).toBe('Kênh Q1');
    expect(historyValue('channel', 8, t, 'en', { id: 9, name: 'Kênh Q1' })).toBe('#8');
    expect(historyValue('customer', 'Khách sạn A', t, 'en')).toBe('Khách sạn A');
    expect(fieldLabel('usernamePPPoE', t)).toBe('PPPoE account');
    expect(fieldLabel('somethingNew', t)).toBe('somethingNew');
    expect(entityLabel(entry(1, 0), t)).toBe('Detail #12');
  });

  it('speaks Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    const t = i18n.t;
    expect(historyValue('status', 'online', t, 'vi')).toBe('Trực tuyến');
    expect(historyValue('deviceStatus', 'Chua thu hoi', t, 'vi')).toBe('Chưa thu hồi');
    expect(historyValue('fees', 1500000, t, 'vi').replace(/\s/g, ' ')).toBe('1.500.000 ₫');
    expect(fieldLabel('deployRequestDate', t)).toBe('Ngày yêu cầu triển khai');
    expect(t(`channels.history.action.delete`)).toBe('Xóa');
  });

  it('leaves out fields that were empty and stay empty', () => {
    const e = entry(1, 0, [
      { field: 'routerType', old: null, new: '' },
      { field: 'ipAddress', old: null, new: '203.0.113.1' },
      { field: 'status', old: 'offline', new: 'online' },
    ]);
    expect(shownChanges(e).map((c) => c.field)).toEqual(['ipAddress', 'status']);
  });
});
