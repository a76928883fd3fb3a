import type { SheetTable, StockKind } from '@it4u/shared';
import { suppliesRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import { type SheetLimits, sendSheet, sheetUpload } from '../../lib/upload.ts';
import type { Reconciliation } from './supplies.reconcile.ts';
import type { SuppliesService } from './supplies.service.ts';

export async function suppliesRoutes(
  app: FastifyInstance,
  opts: { supplies: SuppliesService; reconciliation: Reconciliation; sheetLimits: SheetLimits },
) {
  const { supplies, reconciliation } = opts;
  const deleted = { message: "You're successfully deleted." };
  const upload = (table: SheetTable) =>
    sheetUpload(opts.sheetLimits, (rows, request) => supplies.upload(table, rows, contextOf(request)));
  const byDate =
    (kind: StockKind) =>
    ({ body }: { body: { fromDate: number; toDate: number; page?: number; pageSize?: number } }) =>
      supplies.recordPage(kind, { ...body, page: body.page ?? 1, pageSize: body.pageSize ?? 10 });

  serve(app, routes, {
    // the catalogue
    'GET /it4u/listSupplies': ({ query }) => supplies.itemPage(query.q, query.page, query.pageSize),
    'GET /it4u/listSupplies/:id': ({ params }) => supplies.getItem(params.id),
    'POST /it4u/listSupplies': (request) => supplies.createItem(request.body, contextOf(request)),
    'PUT /it4u/listSupplies/:id': (request) => supplies.updateItem(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/listSupplies/:id': async (request) => {
      await supplies.removeItem(request.params.id, contextOf(request));
      return deleted;
    },
    'POST /it4u/uploadListSupplies': upload('listSupplies'),
    'GET /it4u/stock/:itemCode': ({ params }) => supplies.onHand(params.itemCode),

    // stock in
    'GET /it4u/importWarehouse': ({ query }) => supplies.recordPage('in', query),
    'POST /it4u/importWarehouseByDate': byDate('in'),
    'POST /it4u/importWarehouse': (request) => supplies.createRecord('in', request.body, contextOf(request)),
    'PUT /it4u/importWarehouse/:id': (request) =>
      supplies.updateRecord('in', request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/importWarehouse/:id': async (request) => {
      await supplies.removeRecord('in', request.params.id, contextOf(request));
      return deleted;
    },
    'POST /it4u/uploadImportWarehouse': upload('importWarehouse'),

    // stock out
    'GET /it4u/exportWarehouse': ({ query }) => supplies.recordPage('out', query),
    'POST /it4u/exportWarehouseByDate': byDate('out'),
    'POST /it4u/exportWarehouse': (request) => supplies.createRecord('out', request.body, contextOf(request)),
    'PUT /it4u/exportWarehouse/:id': (request) =>
      supplies.updateRecord('out', request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/exportWarehouse/:id': async (request) => {
      await supplies.removeRecord('out', request.params.id, contextOf(request));
      return deleted;
    },
    'POST /it4u/uploadExportWarehouse': upload('exportWarehouse'),

    'GET /it4u/exportWarehouseBySerialNum/:serialNum': ({ params }) => supplies.history(params.serialNum),
    'GET /it4u/exportWarehouseBySerialNum/:serialNum/seen': ({ params }) => reconciliation.seenOf(params.serialNum),

    // the warehouse against the network
    'GET /it4u/reconciliation': ({ query }) => reconciliation.page(query),
    'GET /it4u/reconciliation/export': async ({ query }, reply) =>
      sendSheet(reply, 'reconciliation.xlsx', await reconciliation.export(query)),
    'POST /it4u/reconciliation/scan': () => reconciliation.scanNow(),
    'POST /it4u/reconciliation/recall/:id': (request) => reconciliation.recall(request.params.id, contextOf(request)),
    'POST /it4u/reconciliation/move/:id': (request) =>
      reconciliation.move(request.params.id, request.body.site, contextOf(request)),
    'GET /it4u/reconciliation/own': () => reconciliation.ownDevices(),
    'PUT /it4u/reconciliation/own/:mac': (request) =>
      reconciliation.markOwn(request.params.mac, request.body.note ?? '', contextOf(request)),
    'DELETE /it4u/reconciliation/own/:mac': async (request) => {
      await reconciliation.unmarkOwn(request.params.mac, contextOf(request));
      return deleted;
    },
    'POST /it4u/reportSupplies': ({ body }) => supplies.report(body.fromDate, body.toDate),
    'GET /it4u/template/:table': ({ params }, reply) =>
      sendSheet(reply, `${params.table}-template.xlsx`, supplies.template(params.table)),
    'GET /it4u/export/:table': async ({ params, query }, reply) =>
      sendSheet(reply, `${params.table}.xlsx`, await supplies.exportTable(params.table, query)),
  });
}
