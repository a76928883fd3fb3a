import { deflateRawSync } from 'node:zlib';
import { checkZip, INFLATE_LIMITS } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { deflatedRepeats, xlsxBomb, zipOf } from '../test/zipBomb.ts';
import { writeSheet } from './spreadsheet.ts';
import { readSpreadsheet, SHEET_LIMITS } from './upload.ts';

const MB = 1024 * 1024;

describe('the zip directory of an uploaded workbook', () => {
  it('reads the directory of a real workbook: its entries and what they declare', () => {
    const book = writeSheet('Sheet1', ['a', 'b'], [[1, 'x']]);
    const zip = checkZip(book);
    expect(zip.ok).toBe(true);
    if (!zip.ok) return;
    expect(zip.entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    expect(zip.inflatedBytes).toBeGreaterThan(1000);
    expect(zip.inflatedBytes).toBeLessThan(MB);
  });

  it('refuses, before inflating, entries that declare more than 50 MB in all, or 100 times their size', () => {
    expect(checkZip(xlsxBomb(400))).toEqual({ ok: false, problem: 'tooLarge' });
    expect(checkZip(xlsxBomb(51))).toEqual({ ok: false, problem: 'tooLarge' });
    // 30 MB that weigh 30 KB: within the total, not the ratio
    expect(checkZip(xlsxBomb(30))).toEqual({ ok: false, problem: 'tooLarge' });
    // a small, very compressible entry is fine (ratios count from 1 MB)
    const tiny = zipOf([{ name: 'a', data: deflatedRepeats(0), method: 8, declared: 1000 }]);
    expect(checkZip(tiny).ok).toBe(true);
    // many entries that each stay small still add up
    const many = zipOf(
      Array.from({ length: 60 }, (_, i) => ({
        name: `e${i}`,
        data: Buffer.alloc(10),
        method: 8 as const,
        declared: MB,
      })),
    );
    expect(checkZip(many, { ...INFLATE_LIMITS, maxRatio: 1e9 })).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('refuses odd archives as unreadable: no directory, truncated, zip64, encrypted, unknown method', () => {
    const unreadable = { ok: false, problem: 'unreadable' };
    expect(checkZip(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]))).toEqual(unreadable);
    const good = writeSheet('Sheet1', ['a'], [[1]]);
    expect(checkZip(good.subarray(0, good.length - 30))).toEqual(unreadable);
    const entry = { name: 'a', data: deflateRawSync(Buffer.from('abc')), method: 8 as const, declared: 3 };
    const zip64 = zipOf([entry]);
    zip64.writeUInt16LE(0xffff, zip64.length - 14); // the end record's entry counts of zip64
    zip64.writeUInt16LE(0xffff, zip64.length - 12);
    expect(checkZip(zip64)).toEqual(unreadable);
    const encrypted = zipOf([entry]);
    encrypted.writeUInt16LE(1, 6); // the local header's "encrypted" flag
    expect(checkZip(encrypted)).toEqual(unreadable);
    expect(checkZip(zipOf([{ ...entry, method: 12 as 8 }]))).toEqual(unreadable);
    const outside = zipOf([entry]);
    outside.writeUInt32LE(1e6, outside.length - 22 - 47 + 42); // the entry's local offset, past the end
    expect(checkZip(outside)).toEqual(unreadable);
  });
});

describe('reading an uploaded workbook within bounds', () => {
  /** No read may start a worker: one that got that far would answer 503 uploadsBusy, not 413. */
  const noWorker = { ...SHEET_LIMITS, concurrent: 0 };

  it('refuses a zip bomb at its directory: 413 spreadsheetTooLarge, nothing inflated, no worker started', async () => {
    const bomb = xlsxBomb(400);
    // the directory alone refuses it (checkZip reads no entry's data)
    expect(checkZip(bomb)).toEqual({ ok: false, problem: 'tooLarge' });
    await expect(readSpreadsheet(bomb, noWorker)).rejects.toMatchObject({
      statusCode: 413,
      code: 'spreadsheetTooLarge',
      params: { max: 50 },
    });
  });

  it('counts the bytes while inflating: a directory that declares a few KB of a 400 MB sheet is refused (413)', async () => {
    const lying = xlsxBomb(400, true);
    expect(checkZip(lying).ok).toBe(true);
    // stopped while counting (at 50 MB inflated), before any parser saw it: no worker started
    await expect(readSpreadsheet(lying, noWorker)).rejects.toMatchObject({
      statusCode: 413,
      code: 'spreadsheetTooLarge',
    });
  });

  it('still reads a workbook within the bound', async () => {
    const book = writeSheet('Sheet1', ['a', 'b'], [[1, 'x']]);
    expect(await readSpreadsheet(book)).toEqual([{ a: 1, b: 'x' }]);
    // and it is the worker that reads it: with no slot for one, 503
    await expect(readSpreadsheet(book, noWorker)).rejects.toMatchObject({ statusCode: 503, code: 'uploadsBusy' });
  });
});
