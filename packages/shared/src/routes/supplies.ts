import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema, PageQuery, pageOf } from '../api/common.ts';
import {
  DateRangeBody,
  ExportQuery,
  ItemBody,
  MacParams,
  MoveBody,
  OnHandSchema,
  OwnDeviceBody,
  OwnDeviceSchema,
  ReconciliationExportQuery,
  ReconciliationPageSchema,
  ReconciliationQuery,
  RecordQuery,
  ReportBody,
  ReportRowSchema,
  SightingScanSchema,
  SightingSchema,
  StockInBody,
  StockOutBody,
  StockRecordSchema,
  SupplyItemSchema,
  UploadResultSchema,
} from '../api/supplies.ts';
import { controllerErrors, defineRoutes, READ } from '../contract.ts';
import { SHEET_TABLES, type SheetTable } from '../supplies.ts';

const upload = (summary: string) =>
  ({
    access: 'manage',
    audit: 'supplies.upload',
    summary: `${summary}. Body: a JSON array of row objects keyed by the first row's column names, or the spreadsheet (.xlsx, .xls, at most 20 MB) as multipart form data. All or nothing: 422 lists every bad row.`,
    response: UploadResultSchema,
    errors: [413, 415, 422],
  }) as const;

const records = (noun: string, status: string) =>
  ({
    access: 'manage',
    summary: `${noun} records, newest first, paged; filters q, fromDate, toDate (epoch ms, inclusive)${status}`,
    query: RecordQuery,
    response: pageOf(StockRecordSchema),
  }) as const;
const recordsByDate = (noun: string) =>
  ({
    access: 'manage',
    audit: READ,
    summary: `${noun} records between two dates (epoch ms, inclusive), paged`,
    body: DateRangeBody,
    response: pageOf(StockRecordSchema),
  }) as const;
const removeRecord = (noun: string, kind: 'in' | 'out') =>
  ({
    access: 'manage',
    audit: `supplies.${kind}.delete`,
    summary: `Delete a ${noun} record`,
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  }) as const;
const MAC_NOTE = 'amount = quantity × unit price; the MAC is stored as AA:BB:CC:DD:EE:FF';

/** The supplies warehouse: its catalogue, stock in and out, the report and the spreadsheets. */
export const suppliesRoutes = defineRoutes('supplies', {
  'GET /it4u/listSupplies': {
    access: 'manage',
    summary: 'The catalogue, paged and searchable',
    query: PageQuery,
    response: pageOf(SupplyItemSchema),
  },
  'GET /it4u/listSupplies/:id': {
    access: 'manage',
    summary: 'One catalogue item',
    params: IdParams,
    response: SupplyItemSchema,
    errors: [404],
  },
  'POST /it4u/listSupplies': {
    access: 'manage',
    audit: 'supplies.item.create',
    summary: 'Add a catalogue item (item codes are unique)',
    body: ItemBody,
    response: SupplyItemSchema,
    status: 201,
    errors: [409],
  },
  'PUT /it4u/listSupplies/:id': {
    access: 'manage',
    audit: 'supplies.item.update',
    summary: 'Change a catalogue item',
    params: IdParams,
    body: ItemBody,
    response: SupplyItemSchema,
    errors: [404, 409],
  },
  'DELETE /it4u/listSupplies/:id': {
    access: 'manage',
    audit: 'supplies.item.delete',
    summary: 'Delete a catalogue item (refused while stock records use it)',
    params: IdParams,
    response: MessageSchema,
    errors: [404, 409],
  },
  'POST /it4u/uploadListSupplies': upload('Import catalogue items (an existing code is updated)'),
  'GET /it4u/stock/:itemCode': {
    access: 'manage',
    summary: 'Stock on hand of an item: opening quantity + all stock in − all stock out',
    params: Type.Object({ itemCode: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: OnHandSchema,
    errors: [404],
  },

  // stock in (importWarehouse)
  'GET /it4u/importWarehouse': records('stock-in', ''),
  'POST /it4u/importWarehouseByDate': recordsByDate('stock-in'),
  'POST /it4u/importWarehouse': {
    access: 'manage',
    audit: 'supplies.in.create',
    summary: `Add a stock-in record (${MAC_NOTE})`,
    body: StockInBody,
    response: StockRecordSchema,
    status: 201,
  },
  'PUT /it4u/importWarehouse/:id': {
    access: 'manage',
    audit: 'supplies.in.update',
    summary: 'Change a stock-in record',
    params: IdParams,
    body: StockInBody,
    response: StockRecordSchema,
    errors: [404],
  },
  'DELETE /it4u/importWarehouse/:id': removeRecord('stock-in', 'in'),
  'POST /it4u/uploadImportWarehouse': upload('Import stock-in records (missing items are created)'),

  // stock out (exportWarehouse)
  'GET /it4u/exportWarehouse': records('stock-out', ', status'),
  'POST /it4u/exportWarehouseByDate': recordsByDate('stock-out'),
  'POST /it4u/exportWarehouse': {
    access: 'manage',
    audit: 'supplies.out.create',
    summary: `Add a stock-out record (${MAC_NOTE}); a phone's record kept offline is stored once by its clientRef`,
    body: StockOutBody,
    response: StockRecordSchema,
    status: 201,
    errors: [409],
  },
  'PUT /it4u/exportWarehouse/:id': {
    access: 'manage',
    audit: 'supplies.out.update',
    summary: 'Change a stock-out record',
    params: IdParams,
    body: StockOutBody,
    response: StockRecordSchema,
    errors: [404],
  },
  'DELETE /it4u/exportWarehouse/:id': removeRecord('stock-out', 'out'),
  'POST /it4u/uploadExportWarehouse': upload('Import stock-out records (missing items and contracts are created)'),

  'GET /it4u/exportWarehouseBySerialNum/:serialNum': {
    access: 'manage',
    summary: 'Usage history of a serial number: every stock-out of it, oldest first',
    params: Type.Object({ serialNum: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Array(StockRecordSchema),
  },
  'GET /it4u/exportWarehouseBySerialNum/:serialNum/seen': {
    access: 'manage',
    summary:
      'Where a serial number was seen online (its MAC too, as its stock-outs give it): each site with its customer, first and last seen, latest first',
    params: Type.Object({ serialNum: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Array(SightingSchema),
  },
  'GET /it4u/reconciliation': {
    access: 'manage',
    summary:
      "The warehouse against the network, one case at a time (the first with rows when none is asked), paged: stock-outs in use never seen online `days` after they left, seen since but offline for `days` or more (with where and when last seen), seen at another customer's site, recalled or broken yet online, and devices online at customers' sites never issued (nor marked as the operator's own)",
    query: ReconciliationQuery,
    response: ReconciliationPageSchema,
  },
  'GET /it4u/reconciliation/export': {
    access: 'manage',
    summary:
      'The reconciliation as a spreadsheet (.xlsx): the case asked, or every case, one row each (at most 100,000), its header and cases in `lang`',
    query: ReconciliationExportQuery,
  },
  'POST /it4u/reconciliation/scan': {
    access: 'manage',
    audit: { none: "a scan reads the controllers' devices: the sightings it writes are what they said" },
    summary:
      "Reads every site's devices now (and the clients whose MAC the warehouse issued) and answers the scan; the controllers are also read on their own every SIGHTINGS_EVERY_MINUTES (15 by default). 409 while another scan runs, or within a minute of the last one's start",
    response: SightingScanSchema,
    errors: [409, ...controllerErrors],
  },
  'POST /it4u/reconciliation/recall/:id': {
    access: 'manage',
    audit: 'supplies.out.update',
    summary:
      "A mismatch settled: the stock-out's device is back in the warehouse (its status becomes recalled, 'Thu hồi'); answers the record. 409 for a record followed by a later stock-out of its device (moved)",
    params: IdParams,
    response: StockRecordSchema,
    errors: [404, 409],
  },
  'POST /it4u/reconciliation/move/:id': {
    access: 'manage',
    audit: 'supplies.out.create',
    summary:
      "A mismatch settled: the stock-out's device is issued again, to the customer of the site where the controllers saw it (a new stock-out dated now, with the record's item, serial, MAC and warranty; the earlier one is moved). 409 when no scan saw it there, the site has no customer, or the record was moved",
    params: IdParams,
    body: MoveBody,
    response: StockRecordSchema,
    status: 201,
    errors: [404, 409],
  },
  'GET /it4u/reconciliation/own': {
    access: 'manage',
    summary: 'The devices marked as the operator\'s own (never "online, never issued"), newest first',
    response: Type.Array(OwnDeviceSchema),
  },
  'PUT /it4u/reconciliation/own/:mac': {
    access: 'manage',
    audit: 'supplies.own.mark',
    summary:
      'Marks a device (by its MAC, in any usual spelling) as the operator\'s own: it is no longer "online, never issued"; marked again, its note is replaced',
    params: MacParams,
    body: OwnDeviceBody,
    response: OwnDeviceSchema,
  },
  'DELETE /it4u/reconciliation/own/:mac': {
    access: 'manage',
    audit: 'supplies.own.unmark',
    summary: "The device is no longer marked as the operator's own (undo); 404 when it was not",
    params: MacParams,
    response: MessageSchema,
    errors: [404],
  },
  'POST /it4u/reportSupplies': {
    access: 'manage',
    audit: READ,
    summary:
      'Inventory report, one row per catalogue item: opening = catalogue opening quantity + in − out before fromDate; closing = opening + in − out in the period (both dates inclusive, epoch ms)',
    body: ReportBody,
    response: Type.Array(ReportRowSchema),
  },
  'GET /it4u/template/:table': {
    access: 'manage',
    summary: 'An empty .xlsx with exactly the columns the upload accepts',
    params: Type.Object({ table: Type.Unsafe<SheetTable>({ type: 'string', enum: [...SHEET_TABLES] }) }),
  },
  'GET /it4u/export/:table': {
    access: 'manage',
    summary: 'The table as .xlsx (same columns as the upload; text that looks like a formula is escaped)',
    params: Type.Object({
      table: Type.Unsafe<SheetTable | 'report'>({ type: 'string', enum: [...SHEET_TABLES, 'report'] }),
    }),
    query: ExportQuery,
  },
});
