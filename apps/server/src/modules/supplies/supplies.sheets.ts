import type { ReportRow, SheetTable, StockKind, StockRecord, SupplyItem } from '@it4u/shared';
import { buildSheet, sheetDay, writeSheet } from '../../lib/spreadsheet.ts';
import { COLUMNS } from './supplies.columns.ts';

/**
 * The supplies' spreadsheets as .xlsx: the empty template of each table, its export, and the stock report. They only
 * write what they are given: the service reads the rows (and builds the exports in turn, exportQueue).
 */

/** A table's empty template: its headers only. */
export function templateSheet(table: SheetTable): Buffer {
  return writeSheet(
    table,
    COLUMNS[table].map((c) => c.header),
    [],
  );
}

/** The stock report of a period: a line of totals, then each item numbered. */
export function reportSheet(rows: ReportRow[]): Promise<Buffer> {
  const sum = (k: 'inventoryStart' | 'numImportFromToDate' | 'numExportFromToDate' | 'inventoryEnd') =>
    rows.reduce((a, r) => a + r[k], 0);
  const header = [
    'STT',
    'Mã vật tư',
    'Tên vật tư',
    'Đơn vị',
    'Tồn đầu kỳ',
    'Nhập trong kỳ',
    'Xuất trong kỳ',
    'Tồn cuối kỳ',
    'Ghi chú',
  ];
  return buildSheet('Báo cáo', header, [
    [
      '',
      'Tổng số',
      '',
      '',
      sum('inventoryStart'),
      sum('numImportFromToDate'),
      sum('numExportFromToDate'),
      sum('inventoryEnd'),
      '',
    ],
    ...rows.map((r, i) => [
      i + 1,
      r.itemCode,
      r.name,
      r.unit,
      r.inventoryStart,
      r.numImportFromToDate,
      r.numExportFromToDate,
      r.inventoryEnd,
      r.note,
    ]),
  ]);
}

/** The supply items' export, in the columns of their import. */
export function itemsSheet(items: SupplyItem[]): Promise<Buffer> {
  return buildSheet(
    'listSupplies',
    COLUMNS.listSupplies.map((c) => c.header),
    items.map((i) => [i.itemCode, i.name, i.unit, i.number, i.value, i.note]),
  );
}

/** A stock table's export (`kind` its records' kind), in the columns of its import; stock out adds its contract. */
export function recordsSheet(table: SheetTable, kind: StockKind, records: StockRecord[]): Promise<Buffer> {
  return buildSheet(
    table,
    COLUMNS[table].map((c) => c.header),
    records.map((r) => {
      const base = [
        sheetDay(r.exportDate),
        r.licence,
        r.itemCode,
        r.itemName,
        r.unit,
        r.number,
        r.value,
        r.supplier,
        r.serialNum,
        r.macFormat || r.mac,
        r.warrantyPeriod,
        r.storageTerm,
        sheetDay(r.warrantyLandmark),
        r.note,
      ];
      return kind === 'out'
        ? [
            ...base,
            r.status ?? '',
            r.contract?.numContract ?? '',
            r.contract?.clientName ?? '',
            r.contract?.street ?? '',
          ]
        : base;
    }),
  );
}
