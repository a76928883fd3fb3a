import type { ReconciliationCase, StockKind, StockOutStatus } from '@it4u/shared';
import type { DateRange } from '../../components/filters/dateRange.ts';

export type CatalogueParams = { page: number; pageSize: number; q: string };
export type StockParams = {
  page: number;
  pageSize: number;
  q: string;
  fromDate: number;
  toDate: number;
  /** stock out only; '' for every status */
  status: StockOutStatus | '';
};

export type ReconciliationParams = {
  case: ReconciliationCase | null;
  days: number;
  q: string;
  page: number;
  pageSize: number;
};

export const suppliesKeys = {
  all: ['supplies'] as const,
  catalogue: () => [...suppliesKeys.all, 'catalogue'] as const,
  catalogueList: (params: CatalogueParams) => [...suppliesKeys.catalogue(), 'list', params] as const,
  itemOptions: (q: string) => [...suppliesKeys.catalogue(), 'options', q] as const,
  stock: (kind: StockKind) => [...suppliesKeys.all, 'stock', kind] as const,
  stockList: (kind: StockKind, params: StockParams) => [...suppliesKeys.stock(kind), 'list', params] as const,
  history: (serialNum: string) => [...suppliesKeys.stock('out'), 'history', serialNum] as const,
  seen: (serialNum: string) => [...suppliesKeys.all, 'seen', serialNum] as const,
  reconciliation: () => [...suppliesKeys.all, 'reconciliation'] as const,
  reconciliationPage: (params: ReconciliationParams) => [...suppliesKeys.reconciliation(), params] as const,
  ownDevices: () => [...suppliesKeys.reconciliation(), 'own'] as const,
  report: (range: DateRange) => [...suppliesKeys.all, 'report', range] as const,
};
