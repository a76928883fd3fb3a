import { MAX_UPLOAD_BYTES, type RowError } from '@it4u/shared';

export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.join(',');

/**
 * Why a chosen file is refused before anything is sent; null when it may be read. `notSpreadsheetContent`: the name
 * says spreadsheet, the bytes do not (a text file renamed .xlsx). `tooBigInside`: the workbook's zip directory
 * declares more than the server reads once inflated (a zip bomb would freeze the tab).
 */
export type FileProblem = 'notSpreadsheet' | 'notSpreadsheetContent' | 'tooBig' | 'tooBigInside' | 'empty';

export function checkSpreadsheetFile(file: { name: string; size: number }): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!SPREADSHEET_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'notSpreadsheet';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooBig';
  if (file.size === 0) return 'empty';
  return null;
}

/** A file refused while it is read (its content is not a workbook): the problem says why. */
export class FileRefusedError extends Error {
  constructor(readonly problem: FileProblem) {
    super(`file refused: ${problem}`);
    this.name = 'FileRefusedError';
  }
}

/** The `details` of a 422 answer: every bad row, in spreadsheet order. */
export function rowErrorsOf(details: unknown): RowError[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter(
      (d): d is RowError =>
        typeof d === 'object' && d !== null && typeof d.row === 'number' && typeof d.reason === 'string',
    )
    .map((d) => ({ row: d.row, reason: d.reason, problems: Array.isArray(d.problems) ? d.problems : [] }))
    .sort((a, b) => a.row - b.row);
}
