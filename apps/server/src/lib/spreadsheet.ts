import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { OPERATOR_TIME_ZONE, type RowError, type RowProblem, type RowProblemField, rowError } from '@it4u/shared';
import { TooManyRequestsError } from './errors.ts';
import { isBadText } from './text.ts';

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

/**
 * The same workbook as writeSheet, made in a worker thread: a report of ten thousand rows takes the worker a second
 * or so, during which the server goes on answering. Exports call it (through buildSheet) inside `exportQueue.run`.
 */
export function writeSheetOffThread(sheetName: string, header: string[], rows: unknown[][]): Promise<Buffer> {
  const worker = new Worker(new URL('./sheet.worker.mjs', import.meta.url), {
    workerData: { sheetName, rows: [header.map(escapeCell), ...rows.map((r) => r.map(escapeCell))] },
    execArgv: [],
  });
  return new Promise<Buffer>((resolve, reject) => {
    worker.once('message', (m: { file: Uint8Array }) =>
      resolve(Buffer.from(m.file.buffer, m.file.byteOffset, m.file.length)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the sheet worker stopped (${code})`)));
  }).finally(() => void worker.terminate());
}

/** Sheets up to this many rows are written on the main thread (milliseconds); larger ones in a worker. */
const INLINE_ROWS = 2_000;

/** An export's workbook: a small one at once, a large one in a worker thread (writeSheetOffThread). */
export function buildSheet(sheetName: string, header: string[], rows: unknown[][]): Promise<Buffer> {
  return rows.length <= INLINE_ROWS
    ? Promise.resolve(writeSheet(sheetName, header, rows))
    : writeSheetOffThread(sheetName, header, rows);
}

/** How many exports build at once, how many more may wait for their turn, and the Retry-After of the rest. */
export type ExportLimits = { running: number; waiting: number; retryAfterS: number };
export const EXPORT_LIMITS: ExportLimits = { running: 2, waiting: 4, retryAfterS: 5 };

/**
 * A bounded queue of exports: an export holds its rows and its workbook in memory while it is built, so twenty at
 * once of a large register could exhaust the server. At most `running` build at once (their rows read and their
 * workbook written inside `build`), `waiting` more wait in order; past that an export is refused at once with 429
 * `exportsBusy` and a Retry-After. The scheduled report waits whatever the queue (`mayRefuse: false`).
 */
export function createExportQueue(limits: ExportLimits = EXPORT_LIMITS) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(build: () => Promise<T>, opts: { mayRefuse?: boolean } = {}): Promise<T> {
      if (running < limits.running) running++;
      else {
        if ((opts.mayRefuse ?? true) && waiting.length >= limits.waiting) {
          throw new TooManyRequestsError('exportsBusy', { seconds: limits.retryAfterS });
        }
        // the slot is handed over by the export that ends (running stays the same)
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await build();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Exports building and waiting now. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

/** The exports of this process. */
export const exportQueue = createExportQueue();

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: OPERATOR_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** DD-MM-YYYY of the operator's calendar day (exports), as the imports read it back. */
export function sheetDay(ms: number | null): string {
  return ms === null ? '' : dayFormat.format(ms).replaceAll('/', '-');
}

const DAY_MS = 86_400_000;
/** Days between the spreadsheet epoch (1899-12-30) and 1970-01-01. */
const SERIAL_EPOCH = 25_569;

export type DateResult = { ok: true; ms: number } | { ok: false; problem: RowProblem };

/**
 * A date cell: a real spreadsheet date (a serial number), an ISO date (2024-03-05, with an optional time) or
 * DD-MM-YYYY. Slashed dates like 03/05/24 are refused as ambiguous. Dates without a time are midnight UTC.
 */
export function parseSheetDate(value: unknown, field: RowProblemField = 'date'): DateResult {
  const fail = (code: 'notADate' | 'ambiguousDate' | 'missing', shown?: unknown): DateResult => ({
    ok: false,
    problem: { code, params: shown === undefined ? { field } : { field, value: String(shown) } },
  });
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value < 1 || value > 2_958_465) return fail('notADate', value);
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
    return validDate(ms, Number(y), Number(mo), Number(d), zone !== undefined)
      ? { ok: true, ms }
      : fail('notADate', text);
  }
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (m) {
    const [, d, mo, y] = m;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d));
    return validDate(ms, Number(y), Number(mo), Number(d), false) ? { ok: true, ms } : fail('notADate', text);
  }
  if (/^\d{1,4}[/.]\d{1,2}[/.]\d{1,4}$/.test(text)) {
    return fail('ambiguousDate', text);
  }
  return text ? fail('notADate', text) : fail('missing');
}

/** The date is real: no 31 February, and the written day is the day of the time (unless a zone moved it). */
function validDate(ms: number, y: number, mo: number, d: number, zoned: boolean): boolean {
  if (Number.isNaN(ms)) return false;
  const back = new Date(ms);
  return zoned || (back.getUTCFullYear() === y && back.getUTCMonth() + 1 === mo && back.getUTCDate() === d);
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

/** A row's cells keyed by column key. */
export type SheetCells = Record<string, unknown>;

/**
 * One column of an upload, template and export: its key, its header (Vietnamese), what else it may be called, and
 * the rule of its cells: the schema of the same field in the add and edit forms (its maxLength and maximum hold).
 */
export type Column = { key: string; header: string; aliases?: string[]; required?: boolean; rule?: object };

/** Maps each header of a sheet to its column key; unknown headers and missing required columns are row-1 errors. */
export function mapHeaders(columns: Column[], headers: string[]): { map: Map<string, string>; errors: RowError[] } {
  const lookup = new Map<string, string>();
  for (const c of columns) {
    for (const name of [c.key, c.header, ...(c.aliases ?? [])]) lookup.set(foldHeader(name), c.key);
  }
  const map = new Map<string, string>();
  const errors: RowError[] = [];
  for (const h of headers) {
    const key = lookup.get(foldHeader(h));
    if (key) map.set(h, key);
    else errors.push(rowError(1, [{ code: 'unknownColumn', params: { column: h } }]));
  }
  const present = new Set(map.values());
  for (const c of columns) {
    if (c.required && !present.has(c.key)) {
      errors.push(rowError(1, [{ code: 'missingColumn', params: { column: c.header } }]));
    }
  }
  return { map, errors };
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v).trim();
}

/** A number cell: a number, or text like 1500000, 1.500.000 (Vietnamese thousands) or 1,500,000. */
export function cellNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  let text = cellText(v).replace(/\s/g, '');
  if (text === '') return undefined;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) text = text.replaceAll('.', '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replaceAll(',', '');
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A cell that must hold a number of 0 or more: the number, or undefined when the cell is empty or bad. */
export function cellAmount(v: unknown, field: RowProblemField, problems: RowProblem[]): number | undefined {
  if (cellText(v) === '') return undefined;
  const n = cellNumber(v);
  if (n === undefined || n < 0) {
    problems.push({ code: 'nonNegative', params: { field } });
    return undefined;
  }
  return n;
}

/** What a cell of a column may hold: the limits of the same field in the add and edit forms. */
type CellRule = { maxLength?: number; maximum?: number };

/**
 * The problems of one cell against its column's rule (the form's schema of that field): a list or an object is not
 * a value, text and numbers stay within the form's limits. So a JSON import stores nothing a form would refuse.
 */
function cellProblems(column: Column, header: string, value: unknown): RowProblem[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'object' && !(value instanceof Date)) {
    return [{ code: 'notAValue', params: { column: header } }];
  }
  if (typeof value === 'string' && isBadText(value)) return [{ code: 'badText', params: { column: header } }];
  const rule = column.rule as CellRule | undefined;
  if (!rule) return [];
  const { maxLength, maximum } = rule;
  if (maxLength !== undefined) {
    const text = typeof value === 'string' ? value : String(value);
    if (text.length > maxLength && text.trim().length > maxLength) {
      return [{ code: 'tooLong', params: { column: header, limit: maxLength } }];
    }
  }
  if (maximum !== undefined) {
    const n = typeof value === 'number' ? value : cellNumber(value);
    if (n !== undefined && n > maximum) return [{ code: 'tooLarge', params: { column: header, limit: maximum } }];
  }
  return [];
}

/**
 * Rows keyed by the sheet's own headers → rows keyed by column key, with each row's cell problems (header errors
 * come first, as row 1).
 */
export function normaliseRows(
  columns: Column[],
  rows: Record<string, unknown>[],
): { rows: SheetCells[]; problems: RowProblem[][]; errors: RowError[] } {
  if (rows.length === 0) return { rows: [], problems: [], errors: [rowError(1, [{ code: 'noRows' }])] };
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((h) => !/^__EMPTY/.test(h));
  const { map, errors } = mapHeaders(columns, headers);
  for (const h of headers) if (isBadText(h)) errors.push(rowError(1, [{ code: 'badText', params: { column: h } }]));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const problems: RowProblem[][] = [];
  const out = rows.map((r) => {
    const cells: SheetCells = {};
    const found: RowProblem[] = [];
    for (const [h, v] of Object.entries(r)) {
      const key = map.get(h);
      if (!key) continue;
      found.push(...cellProblems(byKey.get(key) as Column, h, v));
      cells[key] = v;
    }
    problems.push(found);
    return cells;
  });
  return { rows: out, problems, errors };
}
