import { MAX_UPLOAD_BYTES } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { trimTrailingBlankRows } from './readSheet.ts';
import { checkSpreadsheetFile, rowErrorsOf } from './uploadChecks.ts';

describe('upload pre-checks', () => {
  it('accepts .xlsx and .xls up to the size limit', () => {
    expect(checkSpreadsheetFile({ name: 'stock.xlsx', size: 1000 })).toBeNull();
    expect(checkSpreadsheetFile({ name: 'OLD.XLS', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses other extensions, files over the limit and empty files', () => {
    expect(checkSpreadsheetFile({ name: 'stock.csv', size: 10 })).toBe('notSpreadsheet');
    expect(checkSpreadsheetFile({ name: 'stock.xlsx.exe', size: 10 })).toBe('notSpreadsheet');
    expect(checkSpreadsheetFile({ name: 'stock', size: 10 })).toBe('notSpreadsheet');
    expect(checkSpreadsheetFile({ name: 'big.xlsx', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooBig');
    expect(checkSpreadsheetFile({ name: 'empty.xlsx', size: 0 })).toBe('empty');
  });

  it('reads the bad rows of a 422 answer in spreadsheet order', () => {
    expect(
      rowErrorsOf([
        { row: 5, reason: 'unknown item' },
        { row: 2, reason: '"zz" is not a MAC address', problems: [{ code: 'notAMac', params: { value: 'zz' } }] },
        { nonsense: true },
      ]),
    ).toEqual([
      { row: 2, reason: '"zz" is not a MAC address', problems: [{ code: 'notAMac', params: { value: 'zz' } }] },
      { row: 5, reason: 'unknown item', problems: [] },
    ]);
    expect(rowErrorsOf(undefined)).toEqual([]);
  });

  it('drops blank rows at the end only, keeping row numbers', () => {
    const rows = [{ a: 1 }, { a: '' }, { a: 2 }, { a: '' }, { a: null }];
    expect(trimTrailingBlankRows(rows)).toEqual([{ a: 1 }, { a: '' }, { a: 2 }]);
  });
});
