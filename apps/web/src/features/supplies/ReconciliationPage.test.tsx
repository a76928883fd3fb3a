import type { ReconciliationPage as Page, ReconciliationRow } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ReconciliationPage } from './ReconciliationPage.tsx';

const AT = Date.UTC(2026, 4, 6, 3, 0);
const counts = { notSeen: 1, offline: 1, elsewhere: 1, retired: 0, unissued: 1 };
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
const DOWN_AT = Date.UTC(2026, 3, 20, 7, 5);
const rowsOf: Record<string, ReconciliationRow[]> = {
  notSeen: [{ case: 'notSeen', record: { ...record, id: 40, serialNum: 'VAN0000000001' }, seen: null }],
  offline: [
    {
      case: 'offline',
      record: { ...record, id: 42, serialNum: 'F09FC2AA0002' },
      seen: { ...seen, serial: 'F09FC2AA0002', lastSeen: DOWN_AT },
    },
  ],
  elsewhere: [{ case: 'elsewhere', record, seen }],
  unissued: [
    {
      case: 'unissued',
      record: null,
      seen: { ...seen, mac: 'F0:9F:C2:AA:00:09', serial: 'F09FC2AA0009', name: 'AP Kho', customer: null },
    },
  ],
};

describe('the reconciliation screen', () => {
  let answer: (url: URL) => Response;
  let own: { mac: string; note: string; markedAt: number; markedBy: string }[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  let refuse: Response | undefined;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(String(url), 'http://x');
    const method = init?.method ?? 'GET';
    if (u.pathname.endsWith('/reconciliation/scan') && method === 'POST') return jsonResponse(200, scan);
    if (method !== 'GET') {
      writes.push({ method, path: u.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (refuse) return refuse;
      if (u.pathname.includes('/reconciliation/own/')) {
        const mac = decodeURIComponent(u.pathname.split('/').at(-1) ?? '');
        own = method === 'PUT' ? [{ mac, note: 'kho', markedAt: AT, markedBy: 'admin' }] : [];
        return jsonResponse(200, method === 'PUT' ? own[0] : { message: 'ok' });
      }
      return jsonResponse(u.pathname.includes('/move/') ? 201 : 200, { ...record, status: 'Thu hồi' });
    }
    if (u.pathname.endsWith('/reconciliation/own')) return jsonResponse(200, own);
    return answer(u);
  });
  const pageCalls = () =>
    fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname.endsWith('/it4u/reconciliation'));

  beforeEach(() => {
    fetchMock.mockClear();
    own = [];
    writes.length = 0;
    refuse = undefined;
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
    expect(screen.getByText('Online, never issued (1)')).toBeTruthy();
    expect(screen.getByText('Offline now (1)')).toBeTruthy();
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

  it('says when and where a device offline now was last seen, with the days it has been away', async () => {
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation?case=offline' });
    const table = await screen.findByRole('table', { name: 'Offline now' });
    const row = await within(table).findByRole('row', { name: /F09FC2AA0002/ });
    expect(within(table).getByRole('columnheader', { name: 'Last seen' })).toBeTruthy();
    expect(row.textContent).toContain(formatDateTime(DOWN_AT));
    expect(screen.getByRole('spinbutton', { name: 'Days offline' })).toBeTruthy();
    expect(pageCalls().at(-1)?.searchParams.get('case')).toBe('offline');
  });

  it('settles a row: recalled, issued to the site’s customer, marked as our own and undone; a refusal keeps the dialog', async () => {
    renderWithProviders(<ReconciliationPage />, { route: '/reconciliation?case=elsewhere' });
    const table = await screen.findByRole('table', { name: 'Online elsewhere' });
    await within(table).findByRole('row', { name: /F09FC2AA0001/ });
    const pick = async (item: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Settle F09FC2AA0001' }));
      fireEvent.click(await screen.findByText(item));
      return screen.findByRole('dialog');
    };
    // issued to the customer of the site where it is: the dialog says what changes
    let dialog = await pick('Issue to Văn phòng Quận 1');
    expect(dialog.textContent).toContain('the stock-out to Cafe Sài Gòn becomes “Moved”');
    // refused: the dialog stays, the reason said
    refuse = jsonResponse(409, { statusCode: 409, code: 'recordMoved', message: 'x' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/followed by a later one of the same device/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    refuse = undefined;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('F09FC2AA0001 is issued to Văn phòng Quận 1.')).toBeTruthy();
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v1/it4u/reconciliation/move/41',
      body: { site: 'vpq1' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await pick('Mark as recalled');
    // the record's customer, not the site's
    expect(dialog.textContent).toContain('its stock-out to Cafe Sài Gòn becomes “Recalled”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('F09FC2AA0001 is marked as recalled.')).toBeTruthy();
    expect(writes.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/it4u/reconciliation/recall/41' });

    // never issued: marked as our own with a note, then undone from the notice
    fireEvent.click(screen.getByText('Online, never issued (1)'));
    const unissued = await screen.findByRole('table', { name: 'Online, never issued' });
    await within(unissued).findByRole('row', { name: /F09FC2AA0009/ });
    expect(await screen.findByRole('button', { name: 'Marked as our own (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settle F09FC2AA0009' }));
    fireEvent.click(await screen.findByText('Mark as our own'));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: ' kho ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('F09FC2AA0009 is marked as our own.')).toBeTruthy();
    expect(writes.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/v1/it4u/reconciliation/own/F0%3A9F%3AC2%3AAA%3A00%3A09',
      body: { note: 'kho' },
    });
    expect(await screen.findByRole('button', { name: 'Marked as our own (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('F09FC2AA0009 is no longer marked as our own.')).toBeTruthy();
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE' });
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
