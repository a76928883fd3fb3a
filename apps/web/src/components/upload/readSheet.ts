import { checkZip, sniffSpreadsheet } from '@it4u/shared';
import { FileRefusedError } from './uploadChecks.ts';

/** Spreadsheet row objects keyed by the header row's column names. */
export type SheetRow = Record<string, unknown>;

function isBlank(row: SheetRow): boolean {
  return Object.values(row).every((value) => value === '' || value === null || value === undefined);
}

/** Drops the blank rows at the end only, so that the server's row numbers still match the spreadsheet's. */
export function trimTrailingBlankRows(rows: SheetRow[]): SheetRow[] {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1])) end -= 1;
  return rows.slice(0, end);
}

/**
 * Reads the first sheet of a workbook. The content is checked first, as the server does: a file that is not an
 * .xlsx or .xls workbook (a text file renamed .xlsx, which the library would read as a sheet of text) is refused
 * with a `FileRefusedError('notSpreadsheetContent')`, an .xlsx whose zip directory declares more than the server
 * reads once inflated with `FileRefusedError('tooBigInside')`. The spreadsheet library is loaded only here, on the first
 * upload, so it stays out of every screen's initial JavaScript. Dates stay numbers (the server reads date serials).
 */
export async function readFirstSheet(file: Blob): Promise<SheetRow[]> {
  const data = await file.arrayBuffer();
  const format = sniffSpreadsheet(new Uint8Array(data, 0, Math.min(8, data.byteLength)));
  if (!format) throw new FileRefusedError('notSpreadsheetContent');
  // the zip's directory first, as the server reads it: a small file that inflates to gigabytes is refused unread
  if (format === 'xlsx') {
    const zip = checkZip(new Uint8Array(data));
    if (!zip.ok) throw zip.problem === 'tooLarge' ? new FileRefusedError('tooBigInside') : new Error('unreadable');
  }
  const xlsx = await import('@e965/xlsx');
  const workbook = xlsx.read(data, { type: 'array' });
  const first = workbook.SheetNames[0];
  if (!first) return [];
  const rows = xlsx.utils.sheet_to_json<SheetRow>(workbook.Sheets[first], { raw: true, defval: '', blankrows: true });
  return trimTrailingBlankRows(rows);
}
