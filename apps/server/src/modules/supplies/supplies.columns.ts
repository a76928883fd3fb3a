import { type RowError, SELECTABLE_STOCK_OUT_STATUSES } from '@it4u/shared';
import { canonicalMac } from '../../lib/mac.ts';
import { foldHeader, parseSheetDate } from '../../lib/spreadsheet.ts';

/** One column of an upload, template and export: its key, its header (Vietnamese) and what else it may be called. */
export type Column = { key: string; header: string; aliases?: string[]; required?: boolean };

export type SheetTable = 'listSupplies' | 'importWarehouse' | 'exportWarehouse';

const item: Column[] = [
  { key: 'itemCode', header: 'Mã vật tư', aliases: ['Item code', 'Code'], required: true },
  { key: 'itemName', header: 'Tên vật tư', aliases: ['Item name', 'name'] },
  { key: 'unit', header: 'Đơn vị', aliases: ['Unit', 'ĐVT'] },
];

const stock = (dateHeader: string): Column[] => [
  { key: 'exportDate', header: dateHeader, aliases: ['Date', 'Ngày', 'importDate'], required: true },
  { key: 'licence', header: 'Chứng từ', aliases: ['Voucher', 'License', 'Phiếu'] },
  ...item,
  { key: 'number', header: 'Số lượng', aliases: ['Quantity', 'SL'] },
  { key: 'value', header: 'Đơn giá', aliases: ['Unit price', 'price'] },
  { key: 'supplier', header: 'Nhà cung cấp', aliases: ['Supplier'] },
  { key: 'serialNum', header: 'Số serial', aliases: ['Serial number', 'Serial'] },
  { key: 'mac', header: 'MAC', aliases: ['MAC address', 'Địa chỉ MAC'] },
  { key: 'warrantyPeriod', header: 'Thời hạn bảo hành (tháng)', aliases: ['Warranty period', 'Bảo hành'] },
  { key: 'storageTerm', header: 'Thời hạn lưu kho (ngày)', aliases: ['Storage term', 'Lưu kho'] },
  { key: 'warrantyLandmark', header: 'Mốc bảo hành', aliases: ['Warranty landmark', 'Warranty start'] },
  { key: 'note', header: 'Ghi chú', aliases: ['Note'] },
];

export const COLUMNS: Record<SheetTable, Column[]> = {
  listSupplies: [
    item[0] as Column,
    { ...(item[1] as Column), required: true },
    item[2] as Column,
    { key: 'number', header: 'Số lượng tồn đầu', aliases: ['Opening quantity', 'Quantity', 'Số lượng'] },
    { key: 'value', header: 'Giá trị tồn đầu', aliases: ['Opening value', 'Value', 'Giá trị'] },
    { key: 'note', header: 'Ghi chú', aliases: ['Note'] },
  ],
  importWarehouse: stock('Ngày nhập'),
  exportWarehouse: [
    ...stock('Ngày xuất'),
    { key: 'status', header: 'Trạng thái', aliases: ['Status'] },
    { key: 'numContract', header: 'Số hợp đồng', aliases: ['Contract number', 'Contract'] },
    { key: 'clientName', header: 'Khách hàng', aliases: ['Customer', 'Buyer'] },
    { key: 'street', header: 'Địa chỉ lắp đặt', aliases: ['Installation address', 'Address'] },
  ],
};

/** Maps each header of a sheet to its column key; unknown headers and missing required columns are row-1 errors. */
export function mapHeaders(table: SheetTable, headers: string[]): { map: Map<string, string>; errors: RowError[] } {
  const lookup = new Map<string, string>();
  for (const c of COLUMNS[table]) {
    for (const name of [c.key, c.header, ...(c.aliases ?? [])]) lookup.set(foldHeader(name), c.key);
  }
  const map = new Map<string, string>();
  const errors: RowError[] = [];
  for (const h of headers) {
    const key = lookup.get(foldHeader(h));
    if (key) map.set(h, key);
    else errors.push({ row: 1, reason: `unknown column "${h}"` });
  }
  const present = new Set(map.values());
  for (const c of COLUMNS[table]) {
    if (c.required && !present.has(c.key)) errors.push({ row: 1, reason: `the column "${c.header}" is missing` });
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

export type StockRow = {
  exportDate: number;
  licence: string;
  itemCode: string;
  itemName: string;
  unit: string;
  number: number;
  value: number;
  supplier: string;
  serialNum: string;
  mac: string;
  macFormat: string;
  warrantyPeriod: number;
  storageTerm: number;
  warrantyLandmark: number | null;
  note: string;
  status: string;
  numContract: string;
  clientName: string;
  street: string;
};

export type ItemRow = { itemCode: string; itemName: string; unit: string; number: number; value: number; note: string };

type Cells = Record<string, unknown>;

function wholeNumber(cells: Cells, key: string, label: string, min: number, fallback: number, problems: string[]) {
  const raw = cells[key];
  if (cellText(raw) === '') return fallback;
  const n = cellNumber(raw);
  if (n === undefined || !Number.isInteger(n) || n < min) {
    problems.push(`${label} must be a whole number${min > 0 ? ` of at least ${min}` : ' of 0 or more'}`);
    return fallback;
  }
  return n;
}

function amount(cells: Cells, key: string, label: string, problems: string[]) {
  const raw = cells[key];
  if (cellText(raw) === '') return 0;
  const n = cellNumber(raw);
  if (n === undefined || n < 0) {
    problems.push(`${label} must be a number of 0 or more`);
    return 0;
  }
  return n;
}

/** One stock row, checked; the problems say what is wrong with it. */
export function parseStockRow(cells: Cells, out: boolean): { row: StockRow; problems: string[] } {
  const problems: string[] = [];
  const date = parseSheetDate(cells.exportDate);
  if (!date.ok) problems.push(`date: ${date.reason}`);
  const itemCode = cellText(cells.itemCode);
  if (!itemCode) problems.push('the item code is missing');
  let warrantyLandmark: number | null = null;
  if (cellText(cells.warrantyLandmark) !== '') {
    const w = parseSheetDate(cells.warrantyLandmark);
    if (w.ok) warrantyLandmark = w.ms;
    else problems.push(`warranty landmark: ${w.reason}`);
  }
  const macFormat = cellText(cells.mac);
  const mac = macFormat ? canonicalMac(macFormat) : '';
  if (mac === undefined) problems.push(`"${macFormat}" is not a MAC address`);
  const status = cellText(cells.status);
  if (out && status && !(SELECTABLE_STOCK_OUT_STATUSES as readonly string[]).includes(status)) {
    problems.push(`unknown status "${status}" (use ${SELECTABLE_STOCK_OUT_STATUSES.join(', ')})`);
  }
  return {
    problems,
    row: {
      exportDate: date.ok ? date.ms : 0,
      licence: cellText(cells.licence),
      itemCode,
      itemName: cellText(cells.itemName),
      unit: cellText(cells.unit),
      number: wholeNumber(cells, 'number', 'the quantity', 1, 1, problems),
      value: amount(cells, 'value', 'the unit price', problems),
      supplier: cellText(cells.supplier),
      serialNum: cellText(cells.serialNum),
      mac: mac ?? '',
      macFormat,
      warrantyPeriod: wholeNumber(cells, 'warrantyPeriod', 'the warranty period', 0, 0, problems),
      storageTerm: wholeNumber(cells, 'storageTerm', 'the storage term', 0, 0, problems),
      warrantyLandmark,
      note: cellText(cells.note),
      status,
      numContract: cellText(cells.numContract),
      clientName: cellText(cells.clientName),
      street: cellText(cells.street),
    },
  };
}

export function parseItemRow(cells: Cells): { row: ItemRow; problems: string[] } {
  const problems: string[] = [];
  const itemCode = cellText(cells.itemCode);
  const itemName = cellText(cells.itemName);
  if (!itemCode) problems.push('the item code is missing');
  if (!itemName) problems.push('the item name is missing');
  return {
    problems,
    row: {
      itemCode,
      itemName,
      unit: cellText(cells.unit),
      number: wholeNumber(cells, 'number', 'the opening quantity', 0, 0, problems),
      value: amount(cells, 'value', 'the opening value', problems),
      note: cellText(cells.note),
    },
  };
}

/** Rows keyed by the sheet's own headers → rows keyed by column key; header errors come first. */
export function normaliseRows(
  table: SheetTable,
  rows: Record<string, unknown>[],
): { rows: Cells[]; errors: RowError[] } {
  if (rows.length === 0) return { rows: [], errors: [{ row: 1, reason: 'the spreadsheet has no rows' }] };
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((h) => !/^__EMPTY/.test(h));
  const { map, errors } = mapHeaders(table, headers);
  const out = rows.map((r) => {
    const cells: Cells = {};
    for (const [h, v] of Object.entries(r)) {
      const key = map.get(h);
      if (key) cells[key] = v;
    }
    return cells;
  });
  return { rows: out, errors };
}
