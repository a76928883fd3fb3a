import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { expectListFailureAndRetry } from '../../../test/failingList.tsx';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { CatalogueTab } from './CatalogueTab.tsx';
import { ReportTab } from './ReportTab.tsx';
import { StockTab } from './StockTab.tsx';

const item = { id: 3, itemCode: 'SW-01', name: 'Switch 24 port', unit: 'Cái', number: 1, value: 10, note: '' };
const record = {
  id: 1,
  exportDate: new Date(2026, 0, 10).getTime(),
  licence: 'PX-1',
  itemCode: 'AP-07',
  itemName: 'Access point',
  unit: 'Cái',
  number: 2,
  value: 100000,
  totalAmount: 200000,
  supplier: '',
  serialNum: '',
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

describe('supplies registers when their list call fails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('catalogue: the error with Retry, not "No data"; Retry brings the items', async () => {
    await expectListFailureAndRetry(
      <CatalogueTab />,
      { list: (url) => url.includes('/it4u/listSupplies'), answer: { items: [item], total: 1 } },
      'SW-01',
    );
  });

  for (const kind of ['in', 'out'] as const) {
    it(`stock ${kind}: the error with Retry, not "No data"; Retry brings the records`, async () => {
      await expectListFailureAndRetry(
        <StockTab kind={kind} />,
        {
          list: (url, method) => method === 'GET' && /\/it4u\/(importWarehouse|exportWarehouse)/.test(url),
          answer: { items: [record], total: 1 },
        },
        'AP-07',
      );
    });
  }

  it('report: while it is asked for, says it is loading, not "No stock moved in this period"', async () => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithProviders(<ReportTab />);
    expect(await screen.findByText('Loading the list…')).toBeTruthy();
    expect(screen.queryByText('No stock moved in this period')).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
  });
});
