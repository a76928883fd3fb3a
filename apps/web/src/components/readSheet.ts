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
 * Reads the first sheet of a workbook. The spreadsheet library is loaded only here, on the first upload,
 * so it stays out of every screen's initial JavaScript. Dates stay numbers (the server reads date serials).
 */
export async function readFirstSheet(file: Blob): Promise<SheetRow[]> {
  const [xlsx, data] = await Promise.all([import('@e965/xlsx'), file.arrayBuffer()]);
  const workbook = xlsx.read(data, { type: 'array' });
  const first = workbook.SheetNames[0];
  if (!first) return [];
  const rows = xlsx.utils.sheet_to_json<SheetRow>(workbook.Sheets[first], { raw: true, defval: '', blankrows: true });
  return trimTrailingBlankRows(rows);
}
