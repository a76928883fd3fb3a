import type { StockRecord } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { resetOutboxForTests } from '../../../offline/outbox.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { StockTab } from './StockTab.tsx';

function record(id: number, itemCode: string, serialNum: string): StockRecord {
  return {
    id,
    exportDate: new Date(2026, 0, 10).getTime(),
    licence: `PX-${id}`,
    itemCode,
    itemName: `Item ${itemCode}`,
    unit: 'Cái',
    number: 2,
    value: 100000,
    totalAmount: 200000,
    supplier: '',
    serialNum,
    mac: '',
    macFormat: '',
    warrantyPeriod: 0,
    storageTerm: 0,
    warrantyLandmark: null,
    warrantyEnd: null,
    underWarranty: false,
    note: '',
    createdAt: 0,
    status: 'Đang sử dụng',
    contract: null,
  };
}

const page = { items: [record(1, 'SW-01', 'SN1'), record(2, 'AP-02', '')], total: 2 };

/** The buttons whose text matches (getAllByRole is slow on a table this wide). */
function buttons(name: RegExp, scope: ParentNode = document): HTMLButtonElement[] {
  return Array.from(scope.querySelectorAll('button')).filter((b) => name.test(b.textContent ?? ''));
}

describe('stock out row editing', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, page)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens searched as a customer's page asks: its contract, from its earliest stock-out to today", async () => {
    const from = new Date(2025, 5, 17, 9, 30).getTime();
    renderWithProviders(<StockTab kind="out" />, { route: `/supplies?tab=stockOut&q=HD-004&from=${from}` });
    const lists = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([url]) => new URL(String(url), 'http://x'))
        .filter((u) => u.pathname.endsWith('/it4u/exportWarehouse'));
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));
    const asked = lists()[0]?.searchParams ?? new URLSearchParams();
    expect(asked.get('q')).toBe('HD-004');
    expect(Number(asked.get('fromDate'))).toBe(new Date(2025, 5, 17).getTime());
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('HD-004');
  });

  it('adds a new row on top with the defaults, locks the other rows, and Cancel removes it', async () => {
    renderWithProviders(<StockTab kind="out" />);
    await screen.findByText('SW-01');
    expect(buttons(/History/).map((b) => b.disabled)).toEqual([false, true]);

    fireEvent.click(buttons(/Add row/)[0]);
    const first = document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0] as HTMLElement;
    expect(within(first).getByText('New')).toBeTruthy();
    expect((within(first).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect((within(first).getByLabelText('Warranty (months)') as HTMLInputElement).value).toBe('0');
    expect((within(first).getByLabelText('Warranty (months)') as HTMLInputElement).placeholder).toBe('24');
    expect(buttons(/Edit/).every((b) => b.disabled)).toBe(true);
    expect(buttons(/Delete/).every((b) => b.disabled)).toBe(true);
    expect(buttons(/History/).every((b) => b.disabled)).toBe(true);
    expect(buttons(/Add row/)[0].disabled).toBe(true);

    fireEvent.click(buttons(/Save/, first)[0]);
    expect(await screen.findByText('Please choose the item!')).toBeTruthy();

    fireEvent.click(buttons(/Cancel/, first)[0]);
    await screen.findByText('Discard the changes to this row?');
    fireEvent.click(buttons(/^Yes$/)[0]);
    await waitFor(() => expect(screen.queryByText('New')).toBeNull());
    expect(buttons(/Edit/).every((b) => !b.disabled)).toBe(true);
  });

  it('edits one existing row at a time', async () => {
    renderWithProviders(<StockTab kind="out" />);
    await screen.findByText('SW-01');
    fireEvent.click(buttons(/Edit/)[1]);
    const edited = document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[1] as HTMLElement;
    expect((within(edited).getByLabelText('Voucher') as HTMLInputElement).value).toBe('PX-2');
    const [firstEdit] = buttons(/Edit/);
    expect(firstEdit.disabled).toBe(true);
    expect(buttons(/Delete/)[0].disabled).toBe(true);
  });
});

describe('stock-outs kept on the phone', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/user/me')
          ? jsonResponse(200, { id: 7, username: 'kt', name: 'KT', roles: [{ id: 1, name: 'ROLE_KT' }] })
          : jsonResponse(200, page),
      ),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    resetOutboxForTests();
    await i18n.changeLanguage('en');
  });

  it("lists the user's refused one with its reason in the reader's language, and Fix opens it as a new row", async () => {
    const row = { ...record(0, 'AP-02', 'SN-OFF-1'), id: null };
    const entry = (user: number, ref: string) => ({
      ref,
      user,
      body: { exportDate: row.exportDate, itemCode: 'AP-02', number: 2, value: 100000, serialNum: 'SN-OFF-1' },
      row,
      savedAt: Date.UTC(2026, 4, 6, 3),
      offlineSince: Date.UTC(2026, 4, 6, 2),
      state: 'refused',
      refusal: {
        code: 'serialIssuedElsewhere',
        params: { serial: 'SN-OFF-1', customer: 'Nhà hàng Sen', on: '05-05-2026' },
      },
    });
    localStorage.setItem(
      'it4u.outbox',
      JSON.stringify([
        entry(7, '6f1c2a4e-9b7d-4c3a-8e2f-0a1b2c3d4e5f'),
        entry(8, '7a2b3c4d-1e2f-4a5b-9c8d-7e6f5a4b3c2d'),
      ]),
    );
    resetOutboxForTests();
    await i18n.changeLanguage('vi');
    renderWithProviders(<StockTab kind="out" />);
    const kept = await screen.findByRole('region', { name: '1 phiếu xuất kho lưu trên điện thoại này' });
    expect(kept.textContent).toContain('Bị từ chối');
    expect(kept.textContent).toContain('Số serial: SN-OFF-1');
    expect(kept.textContent).toContain('serial SN-OFF-1 đã được xuất kho cho Nhà hàng Sen ngày 05-05-2026');
    fireEvent.click(within(kept).getByRole('button', { name: 'Sửa' }));
    const first = document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0] as HTMLElement;
    await waitFor(() => expect((within(first).getByLabelText('Số serial') as HTMLInputElement).value).toBe('SN-OFF-1'));
    expect((within(first).getByLabelText('Số lượng') as HTMLInputElement).value).toBe('2');
  });

  it('opens again, after a reload, the new row that was being typed; cancelled, it is gone', async () => {
    const row = { ...record(0, 'AP-02', 'SN-DRAFT'), id: null, note: 'tầng hầm' };
    localStorage.setItem('it4u.draft.stock.out.7', JSON.stringify(row));
    renderWithProviders(<StockTab kind="out" />);
    await screen.findByText('SW-01');
    const first = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0] as HTMLElement;
    await waitFor(() =>
      expect((within(first()).getByLabelText('Serial number') as HTMLInputElement).value).toBe('SN-DRAFT'),
    );
    expect(within(first()).getByText('New')).toBeTruthy();
    // what is typed is kept as it is typed
    fireEvent.change(within(first()).getByLabelText('Serial number'), { target: { value: 'SN-DRAFT-2' } });
    await waitFor(() => expect(localStorage.getItem('it4u.draft.stock.out.7')).toContain('SN-DRAFT-2'));
    fireEvent.click(buttons(/Cancel/, first())[0]);
    await screen.findByText('Discard the changes to this row?');
    fireEvent.click(buttons(/^Yes$/)[0]);
    await waitFor(() => expect(localStorage.getItem('it4u.draft.stock.out.7')).toBeNull());
  });
});
