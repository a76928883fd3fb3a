import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DEVICE_ALL_ROWS } from '@it4u/shared';
import {
  DeviceInfoBody,
  DeviceInfoSchema,
  DeviceLimitParams,
  DeviceLimitQuery,
  DeviceSearchBody,
  IdParams,
  MessageSchema,
  pageOf,
  RevealBody,
  RevealSchema,
  SearchText,
  UploadResultSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import { type SheetLimits, UPLOAD_JSON_LIMIT, uploadedRows, XLSX_TYPE } from '../../lib/upload.ts';
import type { DeviceInfoService } from './deviceInfo.service.ts';

export async function deviceInfoRoutes(
  app: FastifyInstance,
  opts: { devices: DeviceInfoService; sheetLimits: SheetLimits },
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { devices } = opts;
  const tags = ['device information'];
  const manage = { onRequest: app.auth('manage') };
  const Page = pageOf(DeviceInfoSchema);

  r.get(
    '/it4u/clientDeviceInfLimit/:x',
    {
      ...manage,
      schema: {
        tags,
        summary: `Device information, x rows a page (at most ${DEVICE_ALL_ROWS}), grouped by customer; passwords masked`,
        security: secured,
        params: DeviceLimitParams,
        querystring: DeviceLimitQuery,
        response: { 200: Page, ...authErrors },
      },
    },
    (request) => devices.page(request.query.q, request.query.page ?? 1, request.params.x),
  );
  r.post(
    '/it4u/searchClientDeviceInf',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'Device information whose fields, customer or site contain the content (any case), paged; passwords masked',
        security: secured,
        body: DeviceSearchBody,
        response: { 200: Page, ...authErrors },
      },
    },
    (request) => devices.page(request.body.content, request.body.page ?? 1, request.body.pageSize ?? 10),
  );
  r.post(
    '/it4u/clientDeviceInf',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a row (passwords are stored encrypted)',
        security: secured,
        body: DeviceInfoBody,
        response: { 201: DeviceInfoSchema, ...authErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await devices.create(request.body, contextOf(request))),
  );
  r.put(
    '/it4u/clientDeviceInf/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: "Change a row: fields left out keep their value; a password sent as '********' is kept, '' removes it",
        security: secured,
        params: IdParams,
        body: DeviceInfoBody,
        response: { 200: DeviceInfoSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => devices.update(request.params.id, request.body, contextOf(request)),
  );
  r.delete(
    '/it4u/clientDeviceInf/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a row',
        security: secured,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await devices.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  );
  r.post(
    '/it4u/clientDeviceInf/:id/reveal',
    {
      onRequest: app.auth('terminal'),
      schema: {
        tags,
        summary: 'One stored password in clear (ADMIN, LEAD_KT, KT); every reveal is audited',
        security: secured,
        params: IdParams,
        body: RevealBody,
        response: { 200: RevealSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      const value = await devices.reveal(request.params.id, request.body.field, contextOf(request));
      return reply.header('cache-control', 'no-store').send({ value });
    },
  );
  r.post(
    '/it4u/upload/ClientDeviceInf',
    {
      ...manage,
      bodyLimit: UPLOAD_JSON_LIMIT,
      schema: {
        tags,
        summary:
          "Add rows from a spreadsheet. Body: a JSON array of row objects keyed by the first row's column names, or the spreadsheet (.xlsx, .xls) as multipart form data. All or nothing: 422 lists every bad row.",
        security: secured,
        response: { 200: UploadResultSchema, ...authErrors, 413: ErrorRef, 415: ErrorRef, 422: ErrorRef },
      },
    },
    async (request) => ({
      saved: await devices.upload(await uploadedRows(request, opts.sheetLimits), contextOf(request)),
    }),
  );
  r.get(
    '/it4u/clientDeviceInf/template',
    {
      ...manage,
      schema: { tags, summary: 'An empty .xlsx with the columns the upload accepts', security: secured },
    },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="clientDeviceInf-template.xlsx"')
        .send(devices.template()),
  );
  r.get(
    '/it4u/clientDeviceInf/export',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The list (what q finds) as .xlsx, without passwords',
        security: secured,
        querystring: Type.Object({ q: Type.Optional(SearchText) }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="clientDeviceInf.xlsx"')
        .send(await devices.exportSheet(request.query.q)),
  );
}
