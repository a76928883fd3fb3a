import { describe, expect, it } from 'vitest';
import { availableForRow, newStockRow, type StockRow, toFormValues, toStockBody } from './stockRow.ts';

describe('stock rows', () => {
  it('start with quantity 1, warranty 0, storage term 0 and today', () => {
    const now = Date.UTC(2026, 0, 15, 9);
    const row = newStockRow('in', now);
    expect(row).toMatchObject({ id: null, number: 1, warrantyPeriod: 0, storageTerm: 0, exportDate: now });
    expect(row.status).toBeUndefined();
    expect(newStockRow('out', now)).toMatchObject({ status: 'Đang sử dụng', contract: null });
  });

  it('turn form values into the API body', () => {
    const row: StockRow = { ...newStockRow('out', 0), itemCode: 'SW-01', mac: 'aa-bb-cc-dd-ee-ff' };
    const values = { ...toFormValues(row), supplier: ' ACME ', contract: null };
    const body = toStockBody(values, 'out');
    expect(body).toMatchObject({
      exportDate: 0,
      itemCode: 'SW-01',
      number: 1,
      supplier: 'ACME',
      mac: 'aa-bb-cc-dd-ee-ff',
      warrantyLandmark: null,
      status: 'Đang sử dụng',
      contractId: null,
    });
    expect(toStockBody(values, 'in')).not.toHaveProperty('status');
  });

  it('add back the quantity an edited stock-out row already takes', () => {
    const previous: StockRow = { ...newStockRow('out', 0), id: 7, itemCode: 'SW-01', number: 3 };
    expect(availableForRow(2, previous, 'SW-01')).toBe(5);
    expect(availableForRow(2, previous, 'OTHER')).toBe(2);
    expect(availableForRow(2, newStockRow('out', 0), 'SW-01')).toBe(2);
  });
});
