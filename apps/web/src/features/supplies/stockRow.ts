import {
  type ContractRef,
  IN_USE_STATUS,
  NEW_STOCK_ROW,
  type StockInInput,
  type StockKind,
  type StockOutInput,
  type StockOutStatus,
  type StockRecord,
} from '@it4u/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** A row of the stock-in or stock-out table; a new row has no id until it is saved. */
export type StockRow = Omit<StockRecord, 'id'> & { id: number | null };

/** The fields of the row in edit mode. */
export type StockFormValues = {
  exportDate: Dayjs;
  licence: string;
  itemCode: string;
  itemName: string;
  unit: string;
  number: number;
  value: number;
  supplier: string;
  serialNum: string;
  mac: string;
  warrantyPeriod: number | null;
  storageTerm: number | null;
  warrantyLandmark: Dayjs | null;
  note: string;
  status?: StockOutStatus;
  contract?: ContractRef | null;
};

/** A new row: quantity 1, warranty 0, storage term 0 (NEW_STOCK_DEFAULTS of packages/shared), dated today; stock out starts in use. */
export function newStockRow(kind: StockKind, now: number = Date.now()): StockRow {
  return {
    id: null,
    exportDate: now,
    licence: '',
    itemCode: '',
    itemName: '',
    unit: '',
    number: NEW_STOCK_ROW.number,
    value: 0,
    totalAmount: 0,
    supplier: '',
    serialNum: '',
    mac: '',
    macFormat: '',
    warrantyPeriod: NEW_STOCK_ROW.warrantyPeriod,
    storageTerm: NEW_STOCK_ROW.storageTerm,
    warrantyLandmark: null,
    warrantyEnd: null,
    underWarranty: false,
    note: '',
    createdAt: now,
    ...(kind === 'out' ? { status: IN_USE_STATUS, contract: null } : {}),
  };
}

export function toFormValues(row: StockRow): StockFormValues {
  return {
    exportDate: dayjs(row.exportDate),
    licence: row.licence,
    itemCode: row.itemCode,
    itemName: row.itemName,
    unit: row.unit,
    number: row.number,
    value: row.value,
    supplier: row.supplier,
    serialNum: row.serialNum,
    mac: row.macFormat || row.mac,
    warrantyPeriod: row.warrantyPeriod,
    storageTerm: row.storageTerm,
    warrantyLandmark: row.warrantyLandmark === null ? null : dayjs(row.warrantyLandmark),
    note: row.note,
    status: row.status,
    contract: row.contract ?? null,
  };
}

/** The row as its form's values give it (a stock-out kept on the phone, shown and edited again). */
export function fromFormValues(values: StockFormValues, base: StockRow): StockRow {
  return {
    ...base,
    exportDate: values.exportDate.valueOf(),
    licence: values.licence ?? '',
    itemCode: values.itemCode,
    itemName: values.itemName ?? '',
    unit: values.unit ?? '',
    number: values.number,
    value: values.value ?? 0,
    supplier: values.supplier ?? '',
    serialNum: (values.serialNum ?? '').trim(),
    mac: (values.mac ?? '').trim(),
    macFormat: (values.mac ?? '').trim(),
    warrantyPeriod: values.warrantyPeriod ?? 0,
    storageTerm: values.storageTerm ?? 0,
    warrantyLandmark: values.warrantyLandmark ? values.warrantyLandmark.valueOf() : null,
    note: values.note ?? '',
    status: values.status,
    contract: values.contract ?? null,
  };
}

/** The body of POST and PUT /it4u/importWarehouse (stock in) and /it4u/exportWarehouse (stock out). */
export function toStockBody(values: StockFormValues, kind: 'in'): StockInInput;
export function toStockBody(values: StockFormValues, kind: 'out'): StockOutInput;
export function toStockBody(values: StockFormValues, kind: StockKind): StockInInput | StockOutInput;
export function toStockBody(values: StockFormValues, kind: StockKind): StockInInput | StockOutInput {
  const body: StockInInput = {
    exportDate: values.exportDate.valueOf(),
    licence: (values.licence ?? '').trim(),
    itemCode: values.itemCode,
    number: values.number,
    value: values.value ?? 0,
    supplier: (values.supplier ?? '').trim(),
    serialNum: (values.serialNum ?? '').trim(),
    mac: (values.mac ?? '').trim(),
    warrantyPeriod: values.warrantyPeriod ?? 0,
    storageTerm: values.storageTerm ?? 0,
    warrantyLandmark: values.warrantyLandmark ? values.warrantyLandmark.valueOf() : null,
    note: (values.note ?? '').trim(),
  };
  if (kind === 'in') return body;
  const out: StockOutInput = {
    ...body,
    // Sent as the row has it: the picker offers the selectable statuses; a moved row keeps 'moved' (the server
    // takes it back unchanged, and refuses it on any other row).
    status: values.status ?? IN_USE_STATUS,
    contractId: values.contract?.id ?? null,
  };
  return out;
}

/**
 * The quantity a stock-out row may take without going below zero: the stock on hand, plus, when an
 * existing row of the same item is edited, the quantity it already takes out.
 */
export function availableForRow(onHand: number, previous: StockRow | null, itemCode: string): number {
  return previous && previous.id !== null && previous.itemCode === itemCode ? onHand + previous.number : onHand;
}
