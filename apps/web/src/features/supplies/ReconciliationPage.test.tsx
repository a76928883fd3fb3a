import type { ReconciliationPage as Page, ReconciliationRow } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ReconciliationPage } from './ReconciliationPage.tsx';

const AT = Date.UTC(2026, 4, 6, 3, 0);
const counts = { notSeen: 1, elsewhere: 1, retired: 0, unissued: 3 };
const scan = { startedAt: AT, finishedAt: AT + 4000, sites: 8, unread: 1, failedAt: null };
const record = {
  id: 41,
  itemCode: 'DEMO-U7PG2',
  itemName: 'UniFi AP U7PG2',
  serialNum: 'F09FC2AA0001',
  mac: 'F0:9F:C2:AA:00:01',
  status: 'Đang sử dụng' as const,
  exportDate: AT - 60 * 86_400_000,
  contract: { id: 3, customId: '', numContract: 'DEMO-003', clientName: 'Cafe Sài Gòn', street: '', servicePlans: '' },
};
const seen = {
  mac: 'F0:9F:C2:AA:00:01',
  serial: 'F09FC2AA0001',
  kind: 'device' as const,
  model: 'U7PG2',
  name: 'AP Sảnh',
  site: { idname: 'vpq1', sitename: 'Văn phòng Quận 1' },
  customer: { id: 6, clientName: 'Văn phòng Quận 1' },
  firstSeen: AT,
  lastSeen: AT,
};
const rowsOf: Record<string, ReconciliationRow[]> = {
  notSeen: [{ case: 'notSeen', record: { ...record, id: 40, serialNum: 'VAN0000000001' }, seen: null }],
  elsewhere: [{ case: 'elsewhere', record, seen }],
};

describe('the reconciliation screen', () => {
  let answer: (url: URL) => Response;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(String(url), 'http://x');
    if (u.pathname.endsWith('/reconciliation/scan') && init?.method === 'POST') return jsonResponse(200, scan);
    return answer(u);
  });
  const pageCalls = () =>
    fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname.endsWith('/it4u/reconciliation'));

  beforeEach(() => {
    fetchMock.mockClear();
    answer = (u) => {
      const kase = (u.searchParams.get('case') ?? 'notSeen') as Page['case'];
      const items = rowsOf[kase] ?? [];
      return jsonResponse(200, { case: kase, items, total: items.length, counts, scan } satisfies Page);
    };
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows each case with its count, and the rows of the one picked with where and whose', async () => {
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation' });
    const table = await screen.findByRole('table', { name: 'Never seen online' });
    expect(await within(table).findByText('VAN0000000001')).toBeTruthy();
    expect(screen.getByText('Online elsewhere (1)')).toBeTruthy();
    expect(screen.getByText('Online, never issued (3)')).toBeTruthy();
    // the last read names the sites that did not answer
    expect(screen.getByTestId('last-scan').textContent).toMatch(/8 sites; 1 sites could not be read/);
    fireEvent.click(screen.getByText('Online elsewhere (1)'));
    const other = await screen.findByRole('table', { name: 'Online elsewhere' });
    const row = await within(other).findByRole('row', { name: /F09FC2AA0001/ });
    // the record's customer, the site where it is, and that site's customer
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Cafe Sài Gòn', '/customers/3'],
      ['Văn phòng Quận 1', '/home?site=vpq1'],
      ['Văn phòng Quận 1', '/customers/6'],
    ]);
    expect(pageCalls().at(-1)?.searchParams.get('case')).toBe('elsewhere');
  });

  it('says a case is empty in its own words, and in Vietnamese', async () => {
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation?case=retired' });
    expect(await screen.findByText('No recalled or broken device is online.')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Không thiết bị thu hồi hoặc hư hỏng nào đang trực tuyến.')).toBeTruthy();
  });

  it('says the list failed, with Retry, never that a case is empty', async () => {
    answer = () => jsonResponse(503, { statusCode: 503, code: 'noController', message: 'x' });
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation' });
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(screen.queryByText('Every device in use was seen online.')).toBeNull();
  });

  it('says when the controllers were never read, reads them on demand, and sends the days', async () => {
    const answered = answer;
    answer = (u) => {
      const body = JSON.parse(JSON.stringify({ case: 'notSeen', items: [], total: 0, counts, scan: null }));
      return u.searchParams.get('days') === '3' ? answered(u) : jsonResponse(200, body);
    };
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation' });
    expect(await screen.findByText(/have not been read yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Read the controllers now/ }));
    expect(await screen.findByText('Read 8 sites; the cases are up to date.')).toBeTruthy();
    const days = screen.getByRole('spinbutton', { name: 'Days to show itself' });
    fireEvent.change(days, { target: { value: '3' } });
    await waitFor(() => expect(pageCalls().at(-1)?.searchParams.get('days')).toBe('3'));
    expect(await screen.findByText('VAN0000000001')).toBeTruthy();
  });
});
