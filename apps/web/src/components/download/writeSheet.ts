import { saveBlob } from './saveBlob.ts';

export type Cell = string | number;

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function escapeCell(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/**
 * Writes rows (the first is the header) to an .xlsx in the browser and hands it over; texts that would read as
 * formulas are escaped. The spreadsheet library loads only now.
 */
export async function saveSheet(rows: Cell[][], opts: { widths: number[]; sheet: string; file: string }) {
  const xlsx = await import('@e965/xlsx');
  const sheet = xlsx.utils.aoa_to_sheet(rows.map((row) => row.map(escapeCell)));
  sheet['!cols'] = opts.widths.map((wch) => ({ wch }));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, opts.sheet);
  const data = xlsx.write(book, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  saveBlob(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), opts.file);
}
