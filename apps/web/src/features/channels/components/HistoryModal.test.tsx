import type { ChannelHistoryEntry } from '@it4u/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { HistoryModal } from './HistoryModal.tsx';

const march5 = new Date(2026, 2, 5).getTime();
const history: ChannelHistoryEntry[] = [
  {
    id: 1,
    entity: 'attribute',
    entityId: 9,
    action: 'create',
    at: 1_000,
    actorName: 'admin',
    changes: [
      { field: 'name', old: null, new: 'Kênh Q1' },
      { field: 'status', old: null, new: 'offline' },
      { field: 'virtualNum', old: null, new: '' },
    ],
  },
  {
    id: 2,
    entity: 'detail',
    entityId: 4,
    action: 'update',
    at: 2_000,
    actorName: 'lead',
    changes: [
      { field: 'deployRequestDate', old: null, new: march5 },
      { field: 'deviceStatus', old: 'Chua thu hoi', new: 'Da thu hoi' },
    ],
  },
  {
    id: 3,
    entity: 'attribute',
    entityId: 9,
    action: 'update',
    at: 3_000,
    actorName: 'admin',
    changes: [{ field: 'status', old: 'offline', new: 'online' }],
  },
];

function tables(): string[][][] {
  return Array.from(document.querySelectorAll('.channel-history table')).map((table) =>
    Array.from(table.querySelectorAll('tr')).map((tr) =>
      Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''),
    ),
  );
}

describe('channel history modal', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, history)),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows every entry newest first: who, what, and each field with its old and new value', async () => {
    renderWithProviders(<HistoryModal attributeId={9} name="Kênh Q1" onClose={() => {}} />);
    const dialog = (await screen.findByText('Change history: Kênh Q1')).closest('[role="dialog"]') as HTMLElement;
    await within(dialog).findAllByText('by admin');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/v1/it4u/history/channel/9');
    expect(tables()).toEqual([
      [
        ['Field', 'Old value', 'New value'],
        ['Status', 'Offline', 'Online'],
      ],
      [
        ['Field', 'Old value', 'New value'],
        ['Deploy request date', '—', '05-03-2026'],
        ['Device status', 'Not yet recovered', 'Recovered'],
      ],
      [
        ['Field', 'Value'],
        ['Channel name', 'Kênh Q1'],
        ['Status', 'Offline'],
      ],
    ]);
    expect(within(dialog).getAllByText('Changed')).toHaveLength(2);
    expect(within(dialog).getByText('Created')).toBeTruthy();
    expect(within(dialog).getByText('Detail #4')).toBeTruthy();
    expect(within(dialog).getByText('by lead')).toBeTruthy();
  });

  it('speaks Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderWithProviders(<HistoryModal attributeId={9} name="Kênh Q1" onClose={() => {}} />);
    await screen.findByText('Lịch sử thay đổi: Kênh Q1');
    await screen.findAllByText('bởi admin');
    expect(tables()[1]).toEqual([
      ['Trường', 'Giá trị cũ', 'Giá trị mới'],
      ['Ngày yêu cầu triển khai', '—', '05-03-2026'],
      ['Trạng thái thiết bị', 'Chưa thu hồi', 'Đã thu hồi'],
    ]);
    expect(screen.getByText('Tạo mới')).toBeTruthy();
  });
});
