import type { StockKind } from '@it4u/shared';

/** The API resource of each spreadsheet-backed table. */
export type SheetKind = 'listSupplies' | 'importWarehouse' | 'exportWarehouse';

export function stockResource(kind: StockKind): 'importWarehouse' | 'exportWarehouse' {
  return kind === 'in' ? 'importWarehouse' : 'exportWarehouse';
}

export const uploadPath: Record<SheetKind, string> = {
  listSupplies: '/it4u/uploadListSupplies',
  importWarehouse: '/it4u/uploadImportWarehouse',
  exportWarehouse: '/it4u/uploadExportWarehouse',
};
