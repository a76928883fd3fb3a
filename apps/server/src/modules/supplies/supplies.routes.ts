import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { StockKind } from '@it4u/shared';
import {
  DateRangeBody,
  ExportQuery,
  IdParams,
  ItemBody,
  MessageSchema,
  OnHandSchema,
  PageQuery,
  pageOf,
  RecordQuery,
  ReportBody,
  ReportRowSchema,
  StockInBody,
  StockOutBody,
  StockRecordSchema,
  SupplyItemSchema,
  UploadResultSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import { type SheetLimits, UPLOAD_JSON_LIMIT, uploadedRows, XLSX_TYPE } from '../../lib/upload.ts';
import type { SheetTable } from './supplies.columns.ts';
import type { SuppliesService } from './supplies.service.ts';

const TableParams = Type.Object({
  table: Type.Unsafe<SheetTable>({ type: 'string', enum: ['listSupplies', 'importWarehouse', 'exportWarehouse'] }),
});
const ExportParams = Type.Object({
  table: Type.Unsafe<SheetTable | 'report'>({
    type: 'string',
    enum: ['listSupplies', 'importWarehouse', 'exportWarehouse', 'report'],
  }),
});

export async function suppliesRoutes(
  app: FastifyInstance,
  opts: { supplies: SuppliesService; sheetLimits: SheetLimits },
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { supplies } = opts;
  const tags = ['supplies'];
  const manage = { onRequest: app.auth('manage') };
  const uploadSchema = (summary: string) => ({
    tags,
    summary: `${summary}. Body: a JSON array of row objects keyed by the first row's column names, or the spreadsheet (.xlsx, .xls, at most 20 MB) as multipart form data. All or nothing: 422 lists every bad row.`,
    security: secured,
    response: { 200: UploadResultSchema, ...authErrors, 413: ErrorRef, 415: ErrorRef, 422: ErrorRef },
  });

  // ---- catalogue ----
  r.get(
    '/it4u/listSupplies',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The catalogue, paged and searchable',
        security: secured,
        querystring: PageQuery,
        response: { 200: pageOf(SupplyItemSchema), ...authErrors },
      },
    },
    (request) => supplies.itemPage(request.query.q, request.query.page, request.query.pageSize),
  );
  r.get(
    '/it4u/listSupplies/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'One catalogue item',
        security: secured,
        params: IdParams,
        response: { 200: SupplyItemSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => supplies.getItem(request.params.id),
  );
  r.post(
    '/it4u/listSupplies',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a catalogue item (item codes are unique)',
        security: secured,
        body: ItemBody,
        response: { 201: SupplyItemSchema, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await supplies.createItem(request.body)),
  );
  r.put(
    '/it4u/listSupplies/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change a catalogue item',
        security: secured,
        params: IdParams,
        body: ItemBody,
        response: { 200: SupplyItemSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    (request) => supplies.updateItem(request.params.id, request.body),
  );
  r.delete(
    '/it4u/listSupplies/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a catalogue item (refused while stock records use it)',
        security: secured,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request) => {
      await supplies.removeItem(request.params.id);
      return { message: "You're successfully deleted." };
    },
  );
  r.post(
    '/it4u/uploadListSupplies',
    {
      ...manage,
      bodyLimit: UPLOAD_JSON_LIMIT,
      schema: uploadSchema('Import catalogue items (an existing code is updated)'),
    },
    async (request) => ({
      saved: await supplies.upload('listSupplies', await uploadedRows(request, opts.sheetLimits)),
    }),
  );
  r.get(
    '/it4u/stock/:itemCode',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Stock on hand of an item: opening quantity + all stock in − all stock out',
        security: secured,
        params: Type.Object({ itemCode: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: OnHandSchema,
          ...authErrors,
          404: ErrorRef,
        },
      },
    },
    (request) => supplies.onHand(request.params.itemCode),
  );

  // ---- stock in (importWarehouse) and stock out (exportWarehouse) ----
  const kinds: [StockKind, string, typeof StockInBody | typeof StockOutBody, string][] = [
    ['in', 'importWarehouse', StockInBody, 'stock-in'],
    ['out', 'exportWarehouse', StockOutBody, 'stock-out'],
  ];
  for (const [kind, base, Body, noun] of kinds) {
    const table = base as SheetTable;
    r.get(
      `/it4u/${base}`,
      {
        ...manage,
        schema: {
          tags,
          summary: `${noun} records, newest first, paged; filters q, fromDate, toDate (epoch ms, inclusive)${kind === 'out' ? ', status' : ''}`,
          security: secured,
          querystring: RecordQuery,
          response: { 200: pageOf(StockRecordSchema), ...authErrors },
        },
      },
      (request) => supplies.recordPage(kind, request.query),
    );
    r.post(
      `/it4u/${base}ByDate`,
      {
        ...manage,
        schema: {
          tags,
          summary: `${noun} records between two dates (epoch ms, inclusive), paged`,
          security: secured,
          body: DateRangeBody,
          response: { 200: pageOf(StockRecordSchema), ...authErrors },
        },
      },
      (request) =>
        supplies.recordPage(kind, {
          ...request.body,
          page: request.body.page ?? 1,
          pageSize: request.body.pageSize ?? 10,
        }),
    );
    r.post(
      `/it4u/${base}`,
      {
        ...manage,
        schema: {
          tags,
          summary: `Add a ${noun} record (amount = quantity × unit price; the MAC is stored as AA:BB:CC:DD:EE:FF)`,
          security: secured,
          body: Body,
          response: { 201: StockRecordSchema, ...authErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await supplies.createRecord(kind, request.body)),
    );
    r.put(
      `/it4u/${base}/:id`,
      {
        ...manage,
        schema: {
          tags,
          summary: `Change a ${noun} record`,
          security: secured,
          params: IdParams,
          body: Body,
          response: { 200: StockRecordSchema, ...authErrors, 404: ErrorRef },
        },
      },
      (request) => supplies.updateRecord(kind, request.params.id, request.body),
    );
    r.delete(
      `/it4u/${base}/:id`,
      {
        ...manage,
        schema: {
          tags,
          summary: `Delete a ${noun} record`,
          security: secured,
          params: IdParams,
          response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
        },
      },
      async (request) => {
        await supplies.removeRecord(kind, request.params.id);
        return { message: "You're successfully deleted." };
      },
    );
    r.post(
      `/it4u/upload${base[0]?.toUpperCase()}${base.slice(1)}`,
      {
        ...manage,
        bodyLimit: UPLOAD_JSON_LIMIT,
        schema: uploadSchema(
          `Import ${noun} records (missing items${kind === 'out' ? ' and contracts' : ''} are created)`,
        ),
      },
      async (request) => ({ saved: await supplies.upload(table, await uploadedRows(request, opts.sheetLimits)) }),
    );
  }

  r.get(
    '/it4u/exportWarehouseBySerialNum/:serialNum',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Usage history of a serial number: every stock-out of it, oldest first',
        security: secured,
        params: Type.Object({ serialNum: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Array(StockRecordSchema), ...authErrors },
      },
    },
    (request) => supplies.history(request.params.serialNum),
  );

  r.post(
    '/it4u/reportSupplies',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'Inventory report, one row per catalogue item: opening = catalogue opening quantity + in − out before fromDate; closing = opening + in − out in the period (both dates inclusive, epoch ms)',
        security: secured,
        body: ReportBody,
        response: { 200: Type.Array(ReportRowSchema), ...authErrors },
      },
    },
    (request) => supplies.report(request.body.fromDate, request.body.toDate),
  );

  r.get(
    '/it4u/template/:table',
    {
      ...manage,
      schema: {
        tags,
        summary: 'An empty .xlsx with exactly the columns the upload accepts',
        security: secured,
        params: TableParams,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${request.params.table}-template.xlsx"`)
        .send(supplies.template(request.params.table)),
  );

  r.get(
    '/it4u/export/:table',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The table as .xlsx (same columns as the upload; text that looks like a formula is escaped)',
        security: secured,
        params: ExportParams,
        querystring: ExportQuery,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${request.params.table}.xlsx"`)
        .send(await supplies.exportTable(request.params.table, request.query)),
  );
}
