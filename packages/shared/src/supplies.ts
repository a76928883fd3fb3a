/** Supplies warehouse and contracts: shapes shared by the server and the web app. */

export const UNITS = ['Bộ', 'Cái'] as const;

/** Stock-out statuses; 'Đã dịch chuyển' (moved) is set by the server and offered as a filter only. */
export const STOCK_OUT_STATUSES = ['Đang sử dụng', 'Hư hỏng', 'Thu hồi', 'Đã dịch chuyển'] as const;
export type StockOutStatus = (typeof STOCK_OUT_STATUSES)[number];
export const SELECTABLE_STOCK_OUT_STATUSES = ['Đang sử dụng', 'Hư hỏng', 'Thu hồi'] as const;
export const MOVED_STATUS: StockOutStatus = 'Đã dịch chuyển';
export const IN_USE_STATUS: StockOutStatus = 'Đang sử dụng';
/** Back in the warehouse (the reconciliation's "mark as recalled"). */
export const RECALLED_STATUS: StockOutStatus = 'Thu hồi';

/**
 * The five ways the warehouse and the network disagree: issued (in use) but never seen online `days` after it left;
 * seen online since it left, but offline for `days` or more; online at a site of another customer than the record's;
 * recalled or broken, yet online; online at a customer's site, yet never issued from the warehouse (nor marked as the
 * operator's own).
 */
export const RECONCILIATION_CASES = ['notSeen', 'offline', 'elsewhere', 'retired', 'unissued'] as const;
export type ReconciliationCase = (typeof RECONCILIATION_CASES)[number];

/** New stock row defaults. */
export const NEW_STOCK_ROW = { number: 1, warrantyPeriod: 0, storageTerm: 0 } as const;
export const WARRANTY_HINT_MONTHS = 24;

/** Spreadsheet uploads: the largest file accepted. */
/** The spreadsheet-backed tables of the warehouse, by their API names. */
export const SHEET_TABLES = ['listSupplies', 'importWarehouse', 'exportWarehouse'] as const;
export type SheetTable = (typeof SHEET_TABLES)[number];

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type WorkbookFormat = 'xlsx' | 'xls';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What a file is by its first bytes, never by its name (the browser before reading a file, the server before
 * parsing one): an .xlsx (a zip archive) or .xls (an OLE2 compound file) workbook, or neither.
 */
export function sniffSpreadsheet(bytes: Uint8Array): WorkbookFormat | undefined {
  const startsWith = (magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
  if (startsWith(ZIP_MAGIC)) return 'xlsx';
  if (startsWith(OLE2_MAGIC)) return 'xls';
  return undefined;
}

export type StockKind = 'in' | 'out';
