import * as XLSX from '@e965/xlsx';
import { MAX_UPLOAD_BYTES, sniffSpreadsheet } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, trimTrailingBlankRows } from './readSheet.ts';
import { checkSpreadsheetFile, FileRefusedError, rowErrorsOf } from './uploadChecks.ts';

function workbook(bookType: 'xlsx' | 'xls', rows: unknown[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer;
}

async function refusal(file: File): Promise<unknown> {
  return readFirstSheet(file).then(
    () => 'read',
    (error: unknown) => (error instanceof FileRefusedError ? error.problem : error),
  );
}

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

  it('knows a workbook by its first bytes, as the server does', () => {
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('xlsx');
    expect(sniffSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(sniffSpreadsheet(new TextEncoder().encode('Item code,Name\nSW-01,Switch'))).toBeUndefined();
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b]))).toBeUndefined();
    expect(sniffSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBeUndefined();
  });

  it('refuses a text file named .xlsx before reading it as a sheet', async () => {
    const text = new File(['Item code,Name\nSW-01,Switch\nAP-02,Access point\n'], 'x.xlsx');
    expect(checkSpreadsheetFile(text)).toBeNull(); // the name and size pass…
    expect(await refusal(text)).toBe('notSpreadsheetContent'); // …the content does not
    expect(await refusal(new File(['<html><body>a table</body></html>'], 'old.xls'))).toBe('notSpreadsheetContent');
  });

  it('refuses an .xlsx whose zip directory declares more than the server reads (a zip bomb), unread', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], [1]]), 'Sheet1');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }));
    const view = new DataView(bytes.buffer);
    // every entry's headers now say it inflates to 400 MB
    for (let p = 0; p + 4 <= bytes.length; p++) {
      if (view.getUint32(p, true) === 0x02014b50) view.setUint32(p + 24, 400 * 1024 * 1024, true);
      if (view.getUint32(p, true) === 0x04034b50) view.setUint32(p + 22, 400 * 1024 * 1024, true);
    }
    expect(await refusal(new File([bytes], 'bomb.xlsx'))).toBe('tooBigInside');
  });

  it('reads a real workbook, .xlsx or .xls', async () => {
    const rows = [
      ['Item code', 'Name', 'Quantity'],
      ['SW-01', 'Switch', 5],
      ['AP-02', 'Access point', 2],
    ];
    const expected = [
      { 'Item code': 'SW-01', Name: 'Switch', Quantity: 5 },
      { 'Item code': 'AP-02', Name: 'Access point', Quantity: 2 },
    ];
    expect(await readFirstSheet(new File([workbook('xlsx', rows)], 'stock.xlsx'))).toEqual(expected);
    expect(await readFirstSheet(new File([workbook('xls', rows)], 'stock.xls'))).toEqual(expected);
  });
});
