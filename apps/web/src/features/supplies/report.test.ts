import type { ReportRow } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { filterByUnit, reportRowClassName, topMovers, withTotals } from './report.ts';

function row(itemCode: string, unit: string, start: number, inn: number, out: number): ReportRow {
  return {
    itemCode,
    name: `Item ${itemCode}`,
    unit,
    inventoryStart: start,
    numImportFromToDate: inn,
    numExportFromToDate: out,
    inventoryEnd: start + inn - out,
    note: '',
  };
}

const rows = [row('A1', 'Bộ', 10, 5, 3), row('B2', 'Cái', 2, 0, 6), row('C3', 'Cái', 0, 4, 1)];

describe('inventory report', () => {
  it('puts a totals row first that sums the four quantities', () => {
    const lines = withTotals(rows, 'Tổng số');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({
      isTotal: true,
      index: null,
      name: 'Tổng số',
      inventoryStart: 12,
      numImportFromToDate: 9,
      numExportFromToDate: 10,
      inventoryEnd: 11,
    });
    expect(lines.slice(1).map((l) => [l.index, l.itemCode])).toEqual([
      [1, 'A1'],
      [2, 'B2'],
      [3, 'C3'],
    ]);
  });

  it('has a zero totals row for an empty report', () => {
    expect(withTotals([], 'Total')).toEqual([expect.objectContaining({ name: 'Total', inventoryEnd: 0 })]);
  });

  it("styles rows with negative closing stock 'offline'", () => {
    const lines = withTotals(rows, 'Total');
    expect(reportRowClassName(lines[1])).toBe('');
    expect(reportRowClassName(lines[2])).toBe('offline');
    expect(reportRowClassName(lines[0])).toBe('report-total');
    const negativeTotal = withTotals([row('X', 'Cái', 0, 0, 2)], 'Total')[0];
    expect(reportRowClassName(negativeTotal).split(' ')).toContain('offline');
  });

  it('filters by unit, and the totals follow the filter', () => {
    expect(filterByUnit(rows, '')).toBe(rows);
    const cai = filterByUnit(rows, 'Cái');
    expect(cai.map((r) => r.itemCode)).toEqual(['B2', 'C3']);
    expect(withTotals(cai, 'Total')[0].inventoryEnd).toBe(-4 + 3);
  });

  it('charts the items that moved most', () => {
    expect(topMovers([...rows, row('D4', 'Bộ', 9, 0, 0)], 2).map((r) => r.itemCode)).toEqual(['A1', 'B2']);
  });
});
