import * as XLSX from '@e965/xlsx';

export type SheetKind = 'xlsx' | 'xls';

/** What a file is, by its first bytes (never by its name): an xlsx (zip) or xls (OLE2) workbook, or neither. */
export function sniffSpreadsheet(buf: Buffer): SheetKind | undefined {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'xlsx';
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (buf.length >= 8 && ole.every((b, i) => buf[i] === b)) return 'xls';
  return undefined;
}

/** The first sheet's rows as objects keyed by the first row's cells; raw values (dates stay serial numbers). */
export function readFirstSheet(buf: Buffer): Record<string, unknown>[] {
  const book = XLSX.read(buf, { type: 'buffer', cellDates: false, dense: true });
  const name = book.SheetNames[0];
  if (!name) return [];
  const sheet = book.Sheets[name];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true, defval: '', blankrows: false });
}

/** Text cells that a spreadsheet program could take for a formula get a leading apostrophe. */
export function escapeCell(value: unknown): unknown {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** An .xlsx workbook of one sheet: a header row, then the rows (cells escaped). */
export function writeSheet(sheetName: string, header: string[], rows: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header.map(escapeCell), ...rows.map((r) => r.map(escapeCell))]);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(10, h.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const DAY_MS = 86_400_000;
/** Days between the spreadsheet epoch (1899-12-30) and 1970-01-01. */
const SERIAL_EPOCH = 25_569;

export type DateResult = { ok: true; ms: number } | { ok: false; reason: string };

/**
 * A date cell: a real spreadsheet date (a serial number), an ISO date (2024-03-05, with an optional time) or
 * DD-MM-YYYY. Slashed dates like 03/05/24 are refused as ambiguous. Dates without a time are midnight UTC.
 */
export function parseSheetDate(value: unknown): DateResult {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value < 1 || value > 2_958_465) return { ok: false, reason: `not a date: ${value}` };
    return { ok: true, ms: Math.round((value - SERIAL_EPOCH) * DAY_MS) };
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return { ok: true, ms: value.getTime() };
  const text = String(value ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s, zone] = m;
    const ms = zone
      ? Date.parse(text.replace(' ', 'T'))
      : Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
    return validDate(ms, Number(y), Number(mo), Number(d), zone !== undefined, text);
  }
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (m) {
    const [, d, mo, y] = m;
    return validDate(Date.UTC(Number(y), Number(mo) - 1, Number(d)), Number(y), Number(mo), Number(d), false, text);
  }
  if (/^\d{1,4}[/.]\d{1,2}[/.]\d{1,4}$/.test(text)) {
    return { ok: false, reason: `ambiguous date "${text}": use DD-MM-YYYY or YYYY-MM-DD` };
  }
  return { ok: false, reason: text ? `not a date: "${text}"` : 'the date is missing' };
}

function validDate(ms: number, y: number, mo: number, d: number, zoned: boolean, text: string): DateResult {
  if (Number.isNaN(ms)) return { ok: false, reason: `not a date: "${text}"` };
  const back = new Date(ms);
  if (!zoned && (back.getUTCFullYear() !== y || back.getUTCMonth() + 1 !== mo || back.getUTCDate() !== d)) {
    return { ok: false, reason: `not a date: "${text}"` };
  }
  return { ok: true, ms };
}

/** Header names compared without case, spaces, punctuation or Vietnamese diacritics. */
export function foldHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
