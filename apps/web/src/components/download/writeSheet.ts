import { saveBlob } from './saveBlob.ts';

export type Cell = string | number;

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function escapeCell(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/** A sheet of a workbook: its name, its rows (the first is the header) and its columns' widths in characters. */
export type Sheet = { sheet: string; rows: Cell[][]; widths: number[] };

/**
 * Writes sheets to an .xlsx in the browser and hands it over; texts that would read as formulas are escaped. The
 * spreadsheet library loads only now.
 */
export async function saveBook(sheets: Sheet[], file: string) {
  const xlsx = await import('@e965/xlsx');
  const book = xlsx.utils.book_new();
  for (const s of sheets) {
    const sheet = xlsx.utils.aoa_to_sheet(s.rows.map((row) => row.map(escapeCell)));
    sheet['!cols'] = s.widths.map((wch) => ({ wch }));
    xlsx.utils.book_append_sheet(book, sheet, s.sheet);
  }
  const data = xlsx.write(book, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  saveBlob(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), file);
}

/** One sheet of rows (the first is the header) to an .xlsx, as `saveBook`. */
export const saveSheet = (rows: Cell[][], opts: { widths: number[]; sheet: string; file: string }) =>
  saveBook([{ sheet: opts.sheet, rows, widths: opts.widths }], opts.file);
