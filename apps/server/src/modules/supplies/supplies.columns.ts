import {
  canonicalMac,
  type RowProblem,
  type RowProblemField,
  SELECTABLE_STOCK_OUT_STATUSES,
  type SheetTable,
  type StockRecord,
} from '@it4u/shared';
import { ContractBody, ItemBody, StockOutBody } from '@it4u/shared/api';
import {
  type Column,
  cellAmount,
  cellNumber,
  cellText,
  parseSheetDate,
  type SheetCells,
} from '../../lib/spreadsheet.ts';

// Each column's rule is the schema of the same field in the add and edit forms: an import stores nothing they refuse.
const items = ItemBody.properties;
const records = StockOutBody.properties;
const contracts = ContractBody.properties;

const item: Column[] = [
  { key: 'itemCode', header: 'Mã vật tư', aliases: ['Item code', 'Code'], required: true, rule: items.itemCode },
  { key: 'itemName', header: 'Tên vật tư', aliases: ['Item name', 'name'], rule: items.name },
  { key: 'unit', header: 'Đơn vị', aliases: ['Unit', 'ĐVT'], rule: items.unit },
];

const stock = (dateHeader: string): Column[] => [
  { key: 'exportDate', header: dateHeader, aliases: ['Date', 'Ngày', 'importDate'], required: true },
  { key: 'licence', header: 'Chứng từ', aliases: ['Voucher', 'License', 'Phiếu'], rule: records.licence },
  ...item,
  { key: 'number', header: 'Số lượng', aliases: ['Quantity', 'SL'], rule: records.number },
  { key: 'value', header: 'Đơn giá', aliases: ['Unit price', 'price'], rule: records.value },
  { key: 'supplier', header: 'Nhà cung cấp', aliases: ['Supplier'], rule: records.supplier },
  { key: 'serialNum', header: 'Số serial', aliases: ['Serial number', 'Serial'], rule: records.serialNum },
  { key: 'mac', header: 'MAC', aliases: ['MAC address', 'Địa chỉ MAC'], rule: records.mac },
  {
    key: 'warrantyPeriod',
    header: 'Thời hạn bảo hành (tháng)',
    aliases: ['Warranty period', 'Bảo hành'],
    rule: records.warrantyPeriod,
  },
  {
    key: 'storageTerm',
    header: 'Thời hạn lưu kho (ngày)',
    aliases: ['Storage term', 'Lưu kho'],
    rule: records.storageTerm,
  },
  { key: 'warrantyLandmark', header: 'Mốc bảo hành', aliases: ['Warranty landmark', 'Warranty start'] },
  { key: 'note', header: 'Ghi chú', aliases: ['Note'], rule: records.note },
];

export const COLUMNS: Record<SheetTable, Column[]> = {
  listSupplies: [
    item[0] as Column,
    { ...(item[1] as Column), required: true },
    item[2] as Column,
    {
      key: 'number',
      header: 'Số lượng tồn đầu',
      aliases: ['Opening quantity', 'Quantity', 'Số lượng'],
      rule: items.number,
    },
    { key: 'value', header: 'Giá trị tồn đầu', aliases: ['Opening value', 'Value', 'Giá trị'], rule: items.value },
    { key: 'note', header: 'Ghi chú', aliases: ['Note'], rule: items.note },
  ],
  importWarehouse: stock('Ngày nhập'),
  exportWarehouse: [
    ...stock('Ngày xuất'),
    { key: 'status', header: 'Trạng thái', aliases: ['Status'] },
    {
      key: 'numContract',
      header: 'Số hợp đồng',
      aliases: ['Contract number', 'Contract'],
      rule: contracts.numContract,
    },
    { key: 'clientName', header: 'Khách hàng', aliases: ['Customer', 'Buyer'], rule: contracts.clientName },
    { key: 'street', header: 'Địa chỉ lắp đặt', aliases: ['Installation address', 'Address'], rule: contracts.street },
  ],
};

/** A stock row of an upload, checked: the record's own fields, and the contract a stock-out row names. */
export type StockRow = Pick<
  StockRecord,
  | 'exportDate'
  | 'licence'
  | 'itemCode'
  | 'itemName'
  | 'unit'
  | 'number'
  | 'value'
  | 'supplier'
  | 'serialNum'
  | 'mac'
  | 'macFormat'
  | 'warrantyPeriod'
  | 'storageTerm'
  | 'warrantyLandmark'
  | 'note'
> & { status: string; numContract: string; clientName: string; street: string };

export type ItemRow = { itemCode: string; itemName: string; unit: string; number: number; value: number; note: string };

function wholeNumber(
  cells: SheetCells,
  key: string,
  field: RowProblemField,
  min: number,
  fallback: number,
  problems: RowProblem[],
) {
  const raw = cells[key];
  if (cellText(raw) === '') return fallback;
  const n = cellNumber(raw);
  if (n === undefined || !Number.isInteger(n) || n < min) {
    problems.push({ code: 'wholeNumber', params: { field, min } });
    return fallback;
  }
  return n;
}

/** One stock row, checked; the problems say what is wrong with it. */
export function parseStockRow(cells: SheetCells, out: boolean): { row: StockRow; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const date = parseSheetDate(cells.exportDate);
  if (!date.ok) problems.push(date.problem);
  const itemCode = cellText(cells.itemCode);
  if (!itemCode) problems.push({ code: 'missing', params: { field: 'itemCode' } });
  let warrantyLandmark: number | null = null;
  if (cellText(cells.warrantyLandmark) !== '') {
    const w = parseSheetDate(cells.warrantyLandmark, 'warrantyLandmark');
    if (w.ok) warrantyLandmark = w.ms;
    else problems.push(w.problem);
  }
  const macFormat = cellText(cells.mac);
  const mac = macFormat ? canonicalMac(macFormat) : '';
  if (mac === undefined) problems.push({ code: 'notAMac', params: { value: macFormat } });
  const status = cellText(cells.status);
  if (out && status && !(SELECTABLE_STOCK_OUT_STATUSES as readonly string[]).includes(status)) {
    problems.push({
      code: 'unknownValue',
      params: { field: 'status', value: status, allowed: SELECTABLE_STOCK_OUT_STATUSES.join(', ') },
    });
  }
  return {
    problems,
    row: {
      exportDate: date.ok ? date.ms : 0,
      licence: cellText(cells.licence),
      itemCode,
      itemName: cellText(cells.itemName),
      unit: cellText(cells.unit),
      number: wholeNumber(cells, 'number', 'quantity', 1, 1, problems),
      value: cellAmount(cells.value, 'unitPrice', problems) ?? 0,
      supplier: cellText(cells.supplier),
      serialNum: cellText(cells.serialNum),
      mac: mac ?? '',
      macFormat,
      warrantyPeriod: wholeNumber(cells, 'warrantyPeriod', 'warrantyPeriod', 0, 0, problems),
      storageTerm: wholeNumber(cells, 'storageTerm', 'storageTerm', 0, 0, problems),
      warrantyLandmark,
      note: cellText(cells.note),
      status,
      numContract: cellText(cells.numContract),
      clientName: cellText(cells.clientName),
      street: cellText(cells.street),
    },
  };
}

export function parseItemRow(cells: SheetCells): { row: ItemRow; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const itemCode = cellText(cells.itemCode);
  const itemName = cellText(cells.itemName);
  if (!itemCode) problems.push({ code: 'missing', params: { field: 'itemCode' } });
  if (!itemName) problems.push({ code: 'missing', params: { field: 'itemName' } });
  return {
    problems,
    row: {
      itemCode,
      itemName,
      unit: cellText(cells.unit),
      number: wholeNumber(cells, 'number', 'openingQuantity', 0, 0, problems),
      value: cellAmount(cells.value, 'openingValue', problems) ?? 0,
      note: cellText(cells.note),
    },
  };
}
