import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ReportTab } from './ReportTab.tsx';

const report = [
  {
    itemCode: 'SW-01',
    name: 'Switch',
    unit: 'Cái',
    inventoryStart: 5,
    numImportFromToDate: 10,
    numExportFromToDate: 3,
    inventoryEnd: 12,
    note: '',
  },
  {
    itemCode: 'AP-02',
    name: 'Access point',
    unit: 'Bộ',
    inventoryStart: 0,
    numImportFromToDate: 1,
    numExportFromToDate: 4,
    inventoryEnd: -3,
    note: 'short',
  },
];

describe('report tab', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the totals row first and marks negative closing stock 'offline'", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, report));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReportTab />);
    // the rows are in the table once its (lazily loaded) body holds them
    const table = await waitFor(() => {
      const body = document.querySelector<HTMLElement>('.ant-table-tbody');
      expect(body).not.toBeNull();
      within(body as HTMLElement).getByText('AP-02');
      return body as HTMLElement;
    });
    expect(within(table).getByText('AP-02').closest('tr')?.className).toContain('offline');
    expect(within(table).getByText('SW-01').closest('tr')?.className).not.toContain('offline');

    const rows = Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row'));
    const total = rows[0];
    expect(total.textContent).toContain('Total');
    expect(Array.from(total.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '',
      '',
      'Total',
      '',
      '5',
      '11',
      '7',
      '9',
      '',
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/it4u/reportSupplies');
    const body = JSON.parse(String(init.body));
    expect(body.fromDate).toBeLessThan(body.toDate);
  });

  it('when the report fails, shows only the error with Retry: no totals, no empty text, no chart', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'internal',
        message: 'Sorry, something went wrong on the server.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReportTab />);
    expect(await screen.findByText('Sorry, something went wrong on the server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Total')).toBeNull();
    expect(screen.queryByText('No stock moved in this period')).toBeNull();
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(document.querySelector('.supplies-chart')).toBeNull();
    // the period can still be changed, and Retry brings the report
    expect(screen.getByRole('button', { name: /Export to Excel/ })).toBeTruthy();

    fetchMock.mockImplementation(async () => jsonResponse(200, report));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('AP-02', { selector: 'td, td *' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Sorry, something went wrong on the server.')).toBeNull());
    expect(screen.getByText('Total')).toBeTruthy();
  });
});
