import * as XLSX from '@e965/xlsx';
import { sniffSpreadsheet } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { createExportQueue, escapeCell, foldHeader, parseSheetDate, sheetDay, writeSheet } from './spreadsheet.ts';
import { readSpreadsheet, SHEET_LIMITS } from './upload.ts';

describe('spreadsheets', () => {
  it('reads back what it writes, first row as the column names, formula-like text escaped', async () => {
    const buf = writeSheet(
      'Nhập kho',
      ['Mã vật tư', 'Số lượng', 'Ghi chú'],
      [
        ['AP-01', 3, '=HYPERLINK("x")'],
        ['AP-02', -1, '@cmd'],
      ],
    );
    expect(sniffSpreadsheet(buf)).toBe('xlsx');
    expect(await readSpreadsheet(buf)).toEqual([
      { 'Mã vật tư': 'AP-01', 'Số lượng': 3, 'Ghi chú': `'=HYPERLINK("x")` },
      { 'Mã vật tư': 'AP-02', 'Số lượng': -1, 'Ghi chú': `'@cmd` },
    ]);
  });

  it('knows a spreadsheet by its content, not its name', () => {
    expect(sniffSpreadsheet(Buffer.from('itemCode,name\nA,B\n'))).toBeUndefined();
    expect(sniffSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
  });

  it('escapes only text that starts like a formula', () => {
    expect(escapeCell('+84 912')).toBe("'+84 912");
    expect(escapeCell('-5')).toBe("'-5");
    expect(escapeCell('plain')).toBe('plain');
    expect(escapeCell(-5)).toBe(-5);
  });

  it('parses spreadsheet serials, ISO dates and DD-MM-YYYY; refuses ambiguous and impossible dates', () => {
    expect(parseSheetDate(45356)).toEqual({ ok: true, ms: Date.UTC(2024, 2, 5) });
    expect(parseSheetDate('2024-03-05')).toEqual({ ok: true, ms: Date.UTC(2024, 2, 5) });
    expect(parseSheetDate('05-03-2024')).toEqual({ ok: true, ms: Date.UTC(2024, 2, 5) });
    expect(parseSheetDate('2024-03-05T10:30:00Z')).toEqual({ ok: true, ms: Date.UTC(2024, 2, 5, 10, 30) });
    expect(parseSheetDate('03/05/24')).toMatchObject({ ok: false, problem: { code: 'ambiguousDate' } });
    expect(parseSheetDate('31-02-2024').ok).toBe(false);
    expect(parseSheetDate('').ok).toBe(false);
    expect(parseSheetDate('tomorrow').ok).toBe(false);
  });

  it('folds header names', () => {
    expect(foldHeader('Mã vật tư')).toBe('mavattu');
    expect(foldHeader('Số Serial')).toBe('soserial');
    expect(foldHeader('Đơn vị')).toBe('donvi');
    expect(foldHeader('item_code')).toBe('itemcode');
  });

  it('exports calendar days of the operator (Vietnam), which the import reads back as the same day', () => {
    const pickedInHanoi = Date.parse('2026-03-05T00:00:00+07:00'); // 4 March, 17:00 UTC
    expect(sheetDay(pickedInHanoi)).toBe('05-03-2026');
    expect(sheetDay(Date.parse('2026-03-05T16:59:00Z'))).toBe('05-03-2026');
    expect(sheetDay(Date.parse('2026-03-05T17:00:00Z'))).toBe('06-03-2026');
    expect(sheetDay(null)).toBe('');
    expect(parseSheetDate(sheetDay(pickedInHanoi))).toEqual({ ok: true, ms: Date.UTC(2026, 2, 5) });
  });

  it('refuses a truncated workbook (no zip directory, which made the parser loop) at once: 415', async () => {
    const truncated = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    await expect(readSpreadsheet(truncated)).rejects.toMatchObject({ statusCode: 415, code: 'unreadableSpreadsheet' });
  });

  /** A workbook that takes the parser longer than the few hundred milliseconds the next tests allow. */
  const slow = () =>
    writeSheet(
      'Sheet1',
      ['a', 'b', 'c', 'd'],
      Array.from({ length: 30_000 }, (_, i) => [i, `row ${i}`, i * 2, 'text']),
    );

  it('reads a file off the main thread: one that takes too long is stopped (422)', async () => {
    const book = slow();
    // a parse on the main thread could not be stopped by a timer: it would end with the rows. Stopped, it ran
    // elsewhere, and the main thread was free to fire the timer
    const read = readSpreadsheet(book, { timeMs: 300, memoryMb: 256 });
    await expect(read).rejects.toMatchObject({ statusCode: 422, code: 'spreadsheetTooComplex' });
  });

  it('reads at most a few workbooks at once: more answer 503 with no worker started', async () => {
    // an .xls: nothing is awaited before its slot is taken, so the three reads are asked for at once whatever the
    // machine's load, and the third finds both slots taken however fast the first two are read (a workbook slow to
    // read, made here of 30,000 rows, took a busy machine a minute to write, past the test's time)
    const sheet = XLSX.utils.aoa_to_sheet(Array.from({ length: 50 }, (_, i) => [i, `row ${i}`, i * 2, 'text']));
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Sheet1');
    const book = XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(sniffSpreadsheet(book)).toBe('xls');
    const limits = { ...SHEET_LIMITS, concurrent: 2 };
    const results = await Promise.allSettled([1, 2, 3].map(() => readSpreadsheet(book, limits)));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'read'));
    expect(codes).toEqual(['read', 'read', 'uploadsBusy']);
    // and the slots are free again afterwards
    expect(await readSpreadsheet(book, limits)).toHaveLength(49);
  });

  it('builds exports in turn: past the waiting places 429 exportsBusy with its seconds; the report always waits', async () => {
    const queue = createExportQueue({ running: 1, waiting: 1, retryAfterS: 7 });
    const order: string[] = [];
    let release = () => {};
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = queue.run(async () => {
      order.push('second');
      return 'second';
    });
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 429,
      code: 'exportsBusy',
      params: { seconds: 7 },
    });
    const report = queue.run(async () => 'report', { mayRefuse: false });
    expect(queue.load()).toEqual({ running: 1, waiting: 2 });
    expect(order).toEqual([]);
    release();
    expect(await Promise.all([first, second, report])).toEqual(['first', 'second', 'report']);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 415 for a file the parser refuses', async () => {
    const garbage = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(600, 7),
    ]);
    await expect(readSpreadsheet(garbage, { timeMs: 5_000, memoryMb: 256 })).rejects.toMatchObject({
      statusCode: 415,
      code: 'unreadableSpreadsheet',
    });
  });
});
