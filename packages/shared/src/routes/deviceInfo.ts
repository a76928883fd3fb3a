import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema, pageOf, SearchText } from '../api/common.ts';
import {
  DeviceInfoBody,
  DeviceInfoSchema,
  DeviceLimitParams,
  DeviceLimitQuery,
  DeviceSearchBody,
  RevealBody,
  RevealSchema,
} from '../api/deviceInfo.ts';
import { UploadResultSchema } from '../api/supplies.ts';
import { defineRoutes, READ } from '../contract.ts';
import { DEVICE_ALL_ROWS } from '../deviceInfo.ts';

const Page = pageOf(DeviceInfoSchema);

/** The device information of the customers' sites: addresses, accounts and stored passwords, and its spreadsheets. */
export const deviceInfoRoutes = defineRoutes('device information', {
  'GET /it4u/clientDeviceInfLimit/:x': {
    access: 'manage',
    summary: `Device information, x rows a page (at most ${DEVICE_ALL_ROWS}), grouped by customer; passwords masked`,
    params: DeviceLimitParams,
    query: DeviceLimitQuery,
    response: Page,
  },
  'POST /it4u/searchClientDeviceInf': {
    access: 'manage',
    audit: READ,
    summary:
      'Device information whose fields, customer or site contain the content (any case), paged; passwords masked',
    body: DeviceSearchBody,
    response: Page,
  },
  'POST /it4u/clientDeviceInf': {
    access: 'manage',
    audit: 'deviceInfo.create',
    summary: 'Add a row (passwords are stored encrypted)',
    body: DeviceInfoBody,
    response: DeviceInfoSchema,
    status: 201,
  },
  'PUT /it4u/clientDeviceInf/:id': {
    access: 'manage',
    audit: 'deviceInfo.update',
    summary: "Change a row: fields left out keep their value; a password sent as '********' is kept, '' removes it",
    params: IdParams,
    body: DeviceInfoBody,
    response: DeviceInfoSchema,
    errors: [404],
  },
  'DELETE /it4u/clientDeviceInf/:id': {
    access: 'manage',
    audit: 'deviceInfo.delete',
    summary: 'Delete a row',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'POST /it4u/clientDeviceInf/:id/reveal': {
    access: 'terminal',
    audit: 'deviceInfo.reveal',
    summary: 'One stored password in clear (ADMIN, LEAD_KT, KT); every reveal is audited',
    params: IdParams,
    body: RevealBody,
    response: RevealSchema,
    errors: [404],
  },
  'POST /it4u/upload/ClientDeviceInf': {
    access: 'manage',
    audit: 'deviceInfo.upload',
    summary:
      "Add rows from a spreadsheet. Body: a JSON array of row objects keyed by the first row's column names, or the spreadsheet (.xlsx, .xls) as multipart form data. All or nothing: 422 lists every bad row.",
    response: UploadResultSchema,
    errors: [413, 415, 422],
  },
  'GET /it4u/clientDeviceInf/template': {
    access: 'manage',
    summary: 'An empty .xlsx with the columns the upload accepts',
  },
  'GET /it4u/clientDeviceInf/export': {
    access: 'manage',
    summary: 'The list (what q finds) as .xlsx, without passwords',
    query: Type.Object({ q: Type.Optional(SearchText) }),
  },
});
