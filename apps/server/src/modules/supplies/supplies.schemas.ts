import { SELECTABLE_STOCK_OUT_STATUSES, STOCK_OUT_STATUSES } from '@it4u/shared';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../lib/schemas.ts';
import { ContractRefSchema } from '../contracts/contracts.schemas.ts';

const Money = Type.Number({ minimum: 0, maximum: 1e15 });
const Count = Type.Integer({ minimum: 0, maximum: 1e9 });
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Epoch = Type.Number({ minimum: 0, maximum: 1e14 });

export const SupplyItemSchema = Type.Object(
  {
    id: Type.Integer(),
    itemCode: Type.String(),
    name: Type.String(),
    unit: Type.String(),
    number: Type.Integer(),
    value: Type.Number(),
    note: Type.String(),
  },
  { $id: 'SupplyItem' },
);

export const ItemBody = Type.Object({
  itemCode: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  name: Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' }),
  unit: text(50),
  number: Count,
  value: Money,
  note: text(1000),
});

const StatusSchema = Type.Unsafe<string>({ type: 'string', enum: [...STOCK_OUT_STATUSES] });

export const StockRecordSchema = Type.Object(
  {
    id: Type.Integer(),
    exportDate: Type.Number(),
    licence: Type.String(),
    itemCode: Type.String(),
    itemName: Type.String(),
    unit: Type.String(),
    number: Type.Integer(),
    value: Type.Number(),
    totalAmount: Type.Number(),
    supplier: Type.String(),
    serialNum: Type.String(),
    mac: Type.String(),
    macFormat: Type.String(),
    warrantyPeriod: Type.Integer(),
    storageTerm: Type.Integer(),
    warrantyLandmark: Type.Union([Type.Number(), Type.Null()]),
    warrantyEnd: Type.Union([Type.Number(), Type.Null()]),
    underWarranty: Type.Boolean(),
    note: Type.String(),
    createdAt: Type.Number(),
    status: Type.Optional(StatusSchema),
    contract: Type.Optional(Type.Union([ContractRefSchema, Type.Null()])),
  },
  { $id: 'StockRecord' },
);

const recordFields = {
  exportDate: Epoch,
  licence: text(200),
  itemCode: Type.String({ minLength: 1, maxLength: 100 }),
  number: Type.Integer({ minimum: 1, maximum: 1e9 }),
  value: Money,
  supplier: text(300),
  serialNum: text(200),
  mac: text(50),
  warrantyPeriod: Type.Optional(Type.Integer({ minimum: 0, maximum: 1200 })),
  storageTerm: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  warrantyLandmark: Type.Optional(Nullable(Epoch)),
  note: text(1000),
};

export const StockInBody = Type.Object(recordFields);

export const StockOutBody = Type.Object({
  ...recordFields,
  status: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...SELECTABLE_STOCK_OUT_STATUSES] })),
  contractId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});

export const RecordQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  fromDate: Type.Optional(Epoch),
  toDate: Type.Optional(Epoch),
  status: Type.Optional(StatusSchema),
});

export const DateRangeBody = Type.Object({
  fromDate: Epoch,
  toDate: Epoch,
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(StatusSchema),
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

export const UploadResult = Type.Object({ saved: Type.Integer() });
