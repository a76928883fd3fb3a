import { Type } from '@sinclair/typebox';
import { MessageSchema, SiteParams } from '../api/common.ts';
import {
  BlockBody,
  BlockedDeviceAnswerSchema,
  BlockedDevicePageSchema,
  BlockedPageQuery,
  ConnectedDeviceAnswerSchema,
  ConnectedDevicePageSchema,
  ConnectedPageQuery,
} from '../api/devices.ts';
import { controllerErrors, defineRoutes } from '../contract.ts';

/** A site's client devices: those connected now, those blocked. */
export const devicesRoutes = defineRoutes('devices', {
  'GET /it4u/:site/devices': {
    access: 'signedIn',
    summary: 'Devices connected to a site now, with their access point and band',
    params: SiteParams,
    response: Type.Array(ConnectedDeviceAnswerSchema),
    errors: controllerErrors,
  },
  'GET /it4u/:site/devices/page': {
    access: 'signedIn',
    summary: 'A page of the devices connected to a site now, searched and sorted on the server',
    params: SiteParams,
    query: ConnectedPageQuery,
    response: ConnectedDevicePageSchema,
    errors: controllerErrors,
  },
  'GET /it4u/:site/block/info': {
    access: 'signedIn',
    summary: 'Blocked devices of a site',
    params: SiteParams,
    response: Type.Array(BlockedDeviceAnswerSchema),
    errors: controllerErrors,
  },
  'GET /it4u/:site/block/info/page': {
    access: 'signedIn',
    summary: 'A page of the blocked devices of a site, searched and sorted on the server',
    params: SiteParams,
    query: BlockedPageQuery,
    response: BlockedDevicePageSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/block/device': {
    access: 'signedIn',
    audit: 'device.',
    summary: 'Block (block-sta) or unblock (unblock-sta) a device by its MAC',
    params: SiteParams,
    body: BlockBody,
    response: MessageSchema,
    errors: controllerErrors,
  },
});
