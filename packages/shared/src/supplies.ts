/** Supplies warehouse and contracts: shapes shared by the server and the web app. */

export const UNITS = ['Bộ', 'Cái'] as const;

/** Stock-out statuses; 'Đã dịch chuyển' (moved) is set by the server and offered as a filter only. */
export const STOCK_OUT_STATUSES = ['Đang sử dụng', 'Hư hỏng', 'Thu hồi', 'Đã dịch chuyển'] as const;
export type StockOutStatus = (typeof STOCK_OUT_STATUSES)[number];
export const SELECTABLE_STOCK_OUT_STATUSES = ['Đang sử dụng', 'Hư hỏng', 'Thu hồi'] as const;
export const MOVED_STATUS: StockOutStatus = 'Đã dịch chuyển';
export const IN_USE_STATUS: StockOutStatus = 'Đang sử dụng';

/** New stock row defaults (spec section 9). */
export const NEW_STOCK_ROW = { number: 1, warrantyPeriod: 0, storageTerm: 0 } as const;
export const WARRANTY_HINT_MONTHS = 24;

/** Spreadsheet uploads: the largest file accepted. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type Contract = {
  id: number;
  customId: string;
  numContract: string;
  clientName: string;
  companyName: string;
  phone: string;
  street: string;
  servicePlans: string;
  segment: string;
  sitename: { sitename: string; idname: string }[];
};

export type ContractRef = Pick<Contract, 'id' | 'customId' | 'numContract' | 'clientName' | 'street' | 'servicePlans'>;

export type SupplyItem = {
  id: number;
  itemCode: string;
  name: string;
  unit: string;
  /** opening stock counted when the item was registered */
  number: number;
  /** value of the opening stock */
  value: number;
  note: string;
};

export type StockKind = 'in' | 'out';

export type StockRecord = {
  id: number;
  /** import or export date, epoch ms */
  exportDate: number;
  licence: string;
  itemCode: string;
  itemName: string;
  unit: string;
  number: number;
  /** unit price */
  value: number;
  /** number × value, computed by the server */
  totalAmount: number;
  supplier: string;
  serialNum: string;
  /** canonical AA:BB:CC:DD:EE:FF, or '' */
  mac: string;
  /** the MAC as it was typed */
  macFormat: string;
  /** months */
  warrantyPeriod: number;
  /** days */
  storageTerm: number;
  /** epoch ms, or null */
  warrantyLandmark: number | null;
  /** warrantyLandmark + warrantyPeriod months, or null */
  warrantyEnd: number | null;
  underWarranty: boolean;
  note: string;
  createdAt: number;
  /** stock out only */
  status?: StockOutStatus;
  contract?: ContractRef | null;
};

export type ReportRow = {
  itemCode: string;
  name: string;
  unit: string;
  inventoryStart: number;
  numImportFromToDate: number;
  numExportFromToDate: number;
  inventoryEnd: number;
  note: string;
};
