import { type Static, Type } from '@sinclair/typebox';
import { RECONCILIATION_CASES, type ReconciliationCase, STOCK_OUT_STATUSES } from '../supplies.ts';
import { Epoch, Id, LinkRef, Nullable, OptionalText, PageNumber, PageSize, SearchText } from './common.ts';
import { ContractRefSchema } from './contracts.ts';

const Money = Type.Number({ minimum: 0, maximum: 1e15 });
const Count = Type.Integer({ minimum: 0, maximum: 1e9 });

export const SupplyItemSchema = Type.Object(
  {
    id: Type.Integer(),
    itemCode: Type.String(),
    name: Type.String(),
    unit: Type.String(),
    /** opening stock counted when the item was registered */
    number: Type.Integer(),
    /** value of the opening stock */
    value: Type.Number(),
    note: Type.String(),
    /** the stock on hand under which an alert opens (null: none) */
    minStock: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'SupplyItem' },
);

export const ItemBody = Type.Object({
  itemCode: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  name: Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' }),
  unit: OptionalText(50),
  number: Count,
  value: Money,
  note: OptionalText(1000),
  /** absent: kept as it is; null: none */
  minStock: Type.Optional(Nullable(Count)),
});

const StatusSchema = Type.Unsafe<(typeof STOCK_OUT_STATUSES)[number]>({
  type: 'string',
  enum: [...STOCK_OUT_STATUSES],
});

export const StockRecordSchema = Type.Object(
  {
    id: Type.Integer(),
    /** import or export date, epoch ms */
    exportDate: Type.Number(),
    licence: Type.String(),
    itemCode: Type.String(),
    itemName: Type.String(),
    unit: Type.String(),
    number: Type.Integer(),
    /** unit price */
    value: Type.Number(),
    /** number × value, computed by the server */
    totalAmount: Type.Number(),
    supplier: Type.String(),
    serialNum: Type.String(),
    /** the item as the spec names it */
    listSupplies: Type.Optional(
      Type.Object({ id: Type.Integer(), itemCode: Type.String(), name: Type.String(), unit: Type.String() }),
    ),
    /** canonical AA:BB:CC:DD:EE:FF, or '' */
    mac: Type.String(),
    /** mac as the spec names it */
    MAC: Type.Optional(Type.String()),
    /** the MAC as it was typed */
    macFormat: Type.String(),
    /** months */
    warrantyPeriod: Type.Integer(),
    /** days */
    storageTerm: Type.Integer(),
    warrantyLandmark: Type.Union([Type.Number(), Type.Null()]),
    /** warrantyLandmark + warrantyPeriod months, or null */
    warrantyEnd: Type.Union([Type.Number(), Type.Null()]),
    underWarranty: Type.Boolean(),
    note: Type.String(),
    createdAt: Type.Number(),
    /** stock out only */
    status: Type.Optional(StatusSchema),
    contract: Type.Optional(Type.Union([ContractRefSchema, Type.Null()])),
  },
  { $id: 'StockRecord' },
);

const recordFields = {
  exportDate: Epoch,
  licence: OptionalText(200),
  /** the item's code; or the item as a record shows it (listSupplies): one of them is required */
  itemCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  listSupplies: Type.Optional(
    Type.Object({ id: Type.Optional(Id), itemCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
  ),
  number: Type.Integer({ minimum: 1, maximum: 1e9 }),
  value: Money,
  supplier: OptionalText(300),
  serialNum: OptionalText(200),
  mac: OptionalText(50),
  /** mac as the spec names it */
  MAC: OptionalText(50),
  /** the MAC as it was typed, as a record shows it: kept when it is the same MAC as `mac` */
  macFormat: OptionalText(50),
  warrantyPeriod: Type.Optional(Type.Integer({ minimum: 0, maximum: 1200 })),
  storageTerm: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  warrantyLandmark: Type.Optional(Nullable(Epoch)),
  note: OptionalText(1000),
};

export const StockInBody = Type.Object(recordFields);

export const StockOutBody = Type.Object({
  ...recordFields,
  /** one of the selectable statuses; 'moved' only as a record already has it (the server sets it) */
  status: Type.Optional(StatusSchema),
  contractId: Type.Optional(Nullable(Id)),
  /** the contract as a stock record shows it; contractId wins when both are sent */
  contract: Type.Optional(LinkRef),
  /** new records: the key a phone gave a stock-out it kept offline; sent again, it is stored once */
  clientRef: Type.Optional(
    Type.String({
      maxLength: 36,
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    }),
  ),
  /**
   * new records: when the phone last heard the console before it kept this stock-out offline; a stock-out of the
   * same serial to another contract written since then refuses it (409 serialIssuedElsewhere) instead of being moved
   */
  offlineSince: Type.Optional(Epoch),
  /**
   * new records: the user who kept this stock-out on a phone; sent by anyone else (another person signed in on the
   * phone since), it is refused (403 keptByAnother) and stored under nobody's name
   */
  keptBy: Type.Optional(Id),
});

export const RecordQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
  q: Type.Optional(SearchText),
  fromDate: Type.Optional(Epoch),
  toDate: Type.Optional(Epoch),
  status: Type.Optional(StatusSchema),
});

export const DateRangeBody = Type.Object({
  fromDate: Epoch,
  toDate: Epoch,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize),
  q: Type.Optional(SearchText),
  status: Type.Optional(StatusSchema),
});

export const ReportBody = Type.Object({ fromDate: Epoch, toDate: Epoch });
export type ReportInput = Static<typeof ReportBody>;

export const ExportQuery = Type.Object({
  q: Type.Optional(SearchText),
  fromDate: Type.Optional(Epoch),
  toDate: Type.Optional(Epoch),
  status: Type.Optional(Type.String({ maxLength: 50 })),
});

export const ReportRowSchema = Type.Object({
  itemCode: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  inventoryStart: Type.Number(),
  numImportFromToDate: Type.Number(),
  numExportFromToDate: Type.Number(),
  inventoryEnd: Type.Number(),
  note: Type.String(),
});

export const OnHandSchema = Type.Object({ itemCode: Type.String(), onHand: Type.Number() });

export const UploadResultSchema = Type.Object({ saved: Type.Integer() });

export type SupplyItem = Static<typeof SupplyItemSchema>;
export type ItemInput = Static<typeof ItemBody>;
export type StockRecord = Static<typeof StockRecordSchema>;
export type StockInInput = Static<typeof StockInBody>;
export type StockOutInput = Static<typeof StockOutBody>;
export type ReportRow = Static<typeof ReportRowSchema>;
export type OnHand = Static<typeof OnHandSchema>;
export type UploadResult = Static<typeof UploadResultSchema>;

const CaseSchema = Type.Unsafe<ReconciliationCase>({ type: 'string', enum: [...RECONCILIATION_CASES] });

/** Which rows: a case, the days an issued device has to show itself, text in the record or where it is seen. */
export const ReconciliationFilterQuery = Type.Object({
  case: Type.Optional(CaseSchema),
  days: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
  q: Type.Optional(SearchText),
});
export const ReconciliationQuery = Type.Composite([
  ReconciliationFilterQuery,
  Type.Object({
    page: Type.Integer({ ...PageNumber, default: 1 }),
    pageSize: Type.Integer({ ...PageSize, default: 20 }),
  }),
]);
export type ReconciliationFilter = Static<typeof ReconciliationFilterQuery>;
/** The export's filters, and the language of its header and cases (Vietnamese unless asked). */
export const ReconciliationExportQuery = Type.Composite([
  ReconciliationFilterQuery,
  Type.Object({ lang: Type.Optional(Type.Unsafe<'en' | 'vi'>({ type: 'string', enum: ['en', 'vi'] })) }),
]);

/** A site where a device was seen online, with its customer (the first contract covering it) and since when. */
export const SightingSchema = Type.Object({
  mac: Type.String(),
  /** '' for a client (a customer's router found among a site's clients) */
  serial: Type.String(),
  kind: Type.Unsafe<'device' | 'client'>({ type: 'string', enum: ['device', 'client'] }),
  model: Type.String(),
  name: Type.String(),
  site: Type.Object({ idname: Type.String(), sitename: Type.String() }),
  customer: Type.Union([Type.Object({ id: Type.Integer(), clientName: Type.String() }), Type.Null()]),
  /** epoch ms: first and last seen online at this site */
  firstSeen: Type.Number(),
  lastSeen: Type.Number(),
});

/** A row of the reconciliation: the stock-out record (none for a device never issued), where it is seen (none when never). */
export const ReconciliationRowSchema = Type.Object({
  case: CaseSchema,
  record: Type.Union([
    Type.Object({
      id: Type.Integer(),
      itemCode: Type.String(),
      itemName: Type.String(),
      serialNum: Type.String(),
      mac: Type.String(),
      status: StatusSchema,
      exportDate: Type.Number(),
      contract: Type.Union([ContractRefSchema, Type.Null()]),
    }),
    Type.Null(),
  ]),
  seen: Type.Union([SightingSchema, Type.Null()]),
});

/** The scans that feed the reconciliation: the last good one, or null before the first. */
export const SightingScanSchema = Type.Union([
  Type.Object({
    /** epoch ms: when it began and ended */
    startedAt: Type.Number(),
    finishedAt: Type.Number(),
    sites: Type.Integer(),
    /** sites whose controller did not answer (their devices keep the state seen before) */
    unread: Type.Integer(),
    /** epoch ms: a later scan failed then (the figures are this scan's), or null */
    failedAt: Type.Union([Type.Number(), Type.Null()]),
  }),
  Type.Null(),
]);

export const ReconciliationPageSchema = Type.Object({
  /** the case of the rows (the one asked, else the first with rows) */
  case: CaseSchema,
  items: Type.Array(ReconciliationRowSchema),
  total: Type.Integer(),
  /** how many rows each case has (without the text filter) */
  counts: Type.Object({
    notSeen: Type.Integer(),
    offline: Type.Integer(),
    elsewhere: Type.Integer(),
    retired: Type.Integer(),
    unissued: Type.Integer(),
  }),
  scan: SightingScanSchema,
});

/** Issues a stock-out's device again, to the customer of this site (where the controllers see it). */
export const MoveBody = Type.Object({ site: Type.String({ minLength: 1, maxLength: 100 }) });
/** A MAC in any of its usual spellings (colons, dashes, dots, none). */
export const MacParams = Type.Object({ mac: Type.String({ minLength: 1, maxLength: 40 }) });
export const OwnDeviceBody = Type.Object({ note: OptionalText(300) });
/** A device the operator said is its own: never "online, never issued". */
export const OwnDeviceSchema = Type.Object({
  mac: Type.String(),
  note: Type.String(),
  /** epoch ms */
  markedAt: Type.Number(),
  markedBy: Type.String(),
});

export type Sighting = Static<typeof SightingSchema>;
export type OwnDevice = Static<typeof OwnDeviceSchema>;
export type ReconciliationRow = Static<typeof ReconciliationRowSchema>;
export type ReconciliationPage = Static<typeof ReconciliationPageSchema>;
export type SightingScan = Static<typeof SightingScanSchema>;
