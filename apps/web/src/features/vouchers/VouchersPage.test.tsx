import type { Voucher } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { exportVouchers } from './exportVouchers.ts';
import { printVouchers } from './printVouchers.ts';
import { VouchersPage } from './VouchersPage.tsx';

// the print window and the spreadsheet are the browser's: what they are given is what matters here
vi.mock('./printVouchers.ts', async (original) => ({
  ...(await original<typeof import('./printVouchers.ts')>()),
  printVouchers: vi.fn(async () => true),
}));
vi.mock('./exportVouchers.ts', async (original) => ({
  ...(await original<typeof import('./exportVouchers.ts')>()),
  exportVouchers: vi.fn(async () => {}),
}));

const voucher = (i: number): Voucher => ({
  id: `v${i}`,
  _id: `v${i}`,
  code: `${10_000 + i}-${67_000 + i}`,
  createTime: Date.UTC(2026, 0, 10, 8, i),
  duration: 1440,
  quota: 1,
  used: 0,
  note: `Phòng ${100 + i}`,
  up: null,
  down: null,
  byteQuota: null,
  status: 'VALID_ONE',
});
/** The site's 25 vouchers, newest first, as the server would page them. */
const all = Array.from({ length: 25 }, (_, i) => voucher(25 - i));

const parse = (url: string) => {
  const u = new URL(url, 'http://console.test');
  return { path: u.pathname, query: Object.fromEntries(u.searchParams) };
};

describe('voucher page', () => {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const { path, query } = parse(url);
    if (path.endsWith('/it4u/getSitename/'))
      return jsonResponse(200, [{ id: 1, sitename: 'Head office', idname: 'default' }]);
    if (path.endsWith('/it4u/default/voucher/page')) {
      const found = query.q === 'nothing' || query.status === 'EXPIRED' ? [] : all;
      const page = Number(query.page);
      const size = Number(query.pageSize);
      return jsonResponse(200, {
        items: found.slice((page - 1) * size, page * size),
        total: found.length,
        siteTotal: all.length,
        statuses: query.q === 'nothing' ? {} : { VALID_ONE: 25 },
      });
    }
    if (path.endsWith('/it4u/default/voucher')) return jsonResponse(200, all);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
  const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => parse(url).path.endsWith(suffix));
  const lastQuery = () => parse(calls('/voucher/page').at(-1)?.[0] ?? '').query;
  const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

  beforeEach(() => {
    fetchMock.mockClear();
    vi.mocked(printVouchers).mockClear();
    vi.mocked(exportVouchers).mockClear();
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page the server answers, with its total and the status counts', async () => {
    renderWithProviders(<VouchersPage />);
    expect(await screen.findByText('Phòng 125')).toBeTruthy();
    expect(screen.queryByText('Phòng 115')).toBeNull();
    expect(screen.getByText('25 in total')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '10', sort: 'createTime:desc' });
    expect(calls('/voucher')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    expect(await screen.findByTitle('Valid, single use (25)')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Expired (0)'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'EXPIRED', page: '1' }));
    expect(await screen.findByText('No voucher matches the search or the status chosen')).toBeTruthy();
  });

  it('searches once typing pauses, and sorts by a header on the server', async () => {
    renderWithProviders(<VouchersPage />);
    await screen.findByText('Phòng 125');
    fireEvent.change(screen.getByPlaceholderText('Search code or note'), { target: { value: ' phong 12 ' } });
    await waitFor(() => expect(lastQuery().q).toBe('phong 12'));
    const code = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Code');
    fireEvent.click(code as HTMLElement);
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'code:asc', q: 'phong 12', page: '1' }));
  });

  it('keeps picks across pages: prints and exports those, the export asking for the whole list only then', async () => {
    renderWithProviders(<VouchersPage />);
    await screen.findByText('Phòng 125');
    fireEvent.click(within(rowOf('Phòng 125')).getByRole('checkbox'));
    fireEvent.click(screen.getAllByTitle('2')[0] as HTMLElement);
    await screen.findByText('Phòng 115');
    fireEvent.click(within(rowOf('Phòng 115')).getByRole('checkbox'));
    const print = await screen.findByRole('button', { name: /Print 2 selected/ });

    fireEvent.click(print);
    await waitFor(() => expect(printVouchers).toHaveBeenCalledTimes(1));
    expect(vi.mocked(printVouchers).mock.calls[0]?.slice(0, 2)).toEqual(['default', ['v25', 'v15']]);

    fireEvent.click(screen.getByRole('button', { name: /Export 2 to .xlsx/ }));
    await waitFor(() => expect(exportVouchers).toHaveBeenCalledTimes(1));
    expect(calls('/voucher')).toHaveLength(1);
    const exported = vi.mocked(exportVouchers).mock.calls[0]?.[0] ?? [];
    expect(exported.map((v) => v.id)).toEqual(['v25', 'v15']);

    // cleared: print all (the server's 'all') and export the whole list
    fireEvent.click(screen.getByRole('button', { name: 'Clear the selection' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printVouchers).toHaveBeenCalledTimes(2));
    expect(vi.mocked(printVouchers).mock.calls[1]?.[1]).toBe('all');
    fireEvent.click(screen.getByRole('button', { name: 'Export to .xlsx' }));
    await waitFor(() => expect(exportVouchers).toHaveBeenCalledTimes(2));
    expect(vi.mocked(exportVouchers).mock.calls[1]?.[0]).toHaveLength(25);
  });

  it('on a phone (390 px): cards, a page picked at once and kept across pages, the sort as a select', async () => {
    setViewportWidth(390);
    renderWithProviders(<VouchersPage />);
    await screen.findByText('10025-67025');
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(await screen.findByRole('button', { name: /Print 10 selected/ })).toBeTruthy();
    fireEvent.click(screen.getAllByTitle('2')[0] as HTMLElement);
    await screen.findByText('10015-67015');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(await screen.findByRole('button', { name: /Print 20 selected/ })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByTitle('Code, ascending'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'code:asc', page: '1' }));
  });

  it('says so when the search finds nothing', async () => {
    renderWithProviders(<VouchersPage />);
    await screen.findByText('Phòng 125');
    fireEvent.change(screen.getByPlaceholderText('Search code or note'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No voucher matches the search or the status chosen')).toBeTruthy();
  });
});
