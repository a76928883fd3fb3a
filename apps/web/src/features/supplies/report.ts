import type { ReportRow } from '@it4u/shared';

/** A report line as the table shows it: the totals row first, then one row per catalogue item. */
export type ReportLine = ReportRow & { key: string; index: number | null; isTotal: boolean };

/** '' for every unit. */
export function filterByUnit(rows: ReportRow[], unit: string): ReportRow[] {
  return unit ? rows.filter((row) => row.unit === unit) : rows;
}

/** The totals row (named `totalLabel`, 'Tổng số' in Vietnamese) summing the four quantities, then the rows. */
export function withTotals(rows: ReportRow[], totalLabel: string): ReportLine[] {
  const total: ReportLine = {
    key: '__total__',
    index: null,
    isTotal: true,
    itemCode: '',
    name: totalLabel,
    unit: '',
    inventoryStart: 0,
    numImportFromToDate: 0,
    numExportFromToDate: 0,
    inventoryEnd: 0,
    note: '',
  };
  for (const row of rows) {
    total.inventoryStart += row.inventoryStart;
    total.numImportFromToDate += row.numImportFromToDate;
    total.numExportFromToDate += row.numExportFromToDate;
    total.inventoryEnd += row.inventoryEnd;
  }
  return [total, ...rows.map((row, i) => ({ ...row, key: row.itemCode, index: i + 1, isTotal: false }))];
}

/** Negative closing stock is styled 'offline'; the totals row is 'report-total'. */
export function reportRowClassName(line: ReportLine): string {
  const classes: string[] = [];
  if (line.isTotal) classes.push('report-total');
  if (line.inventoryEnd < 0) classes.push('offline');
  return classes.join(' ');
}

/** The items that moved most in the period (in + out), for the chart. */
export function topMovers(rows: ReportRow[], limit: number): ReportRow[] {
  return rows
    .filter((row) => row.numImportFromToDate > 0 || row.numExportFromToDate > 0)
    .sort(
      (a, b) =>
        b.numImportFromToDate + b.numExportFromToDate - (a.numImportFromToDate + a.numExportFromToDate) ||
        a.itemCode.localeCompare(b.itemCode),
    )
    .slice(0, limit);
}
