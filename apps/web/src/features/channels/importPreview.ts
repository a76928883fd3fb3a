import type { RowError } from '@it4u/shared';
import type { SheetRow } from '../../components/upload/readSheet.ts';

/** A spreadsheet row as the preview shows it: its number in the sheet (the header is row 1) and its cells. */
export type PreviewRow = { key: number; rowNumber: number; cells: SheetRow; errors: RowError[] };

/** The columns of the preview: the header row's names, in sheet order (every name any row has). */
export function previewColumns(rows: SheetRow[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const name of Object.keys(row)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  // sheet_to_json names the cells under an empty header __EMPTY, __EMPTY_1…: they are not columns.
  return names.filter((name) => !name.startsWith('__EMPTY'));
}

/** Row i of the data is row i + 2 of the sheet; the errors of a refused import are put on their rows. */
export function previewRows(rows: SheetRow[], rejected: RowError[] = []): PreviewRow[] {
  const byRow = new Map<number, RowError[]>();
  for (const error of rejected) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  return rows.map((cells, i) => ({ key: i, rowNumber: i + 2, cells, errors: byRow.get(i + 2) ?? [] }));
}

/** Day 0 of spreadsheet date serials (1899-12-30) in epoch days. */
const SERIAL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** A date column of the import: its header names a date ('Ngày …', '… date', 'dateOnline'…). */
export function isDateHeader(header: string): boolean {
  return /ngày|date/i.test(header);
}

/**
 * A cell as the preview shows it. The rows are sent as read (dates stay spreadsheet serials, which the
 * server reads); only the preview shows a serial under a date header as DD-MM-YYYY.
 */
export function cellText(value: unknown, header = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && isDateHeader(header) && value > 0 && value < 2_958_466) {
    const date = new Date(Math.round((value - SERIAL_EPOCH_DAYS) * DAY_MS));
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
  }
  return String(value);
}
