import { Type } from '@sinclair/typebox';
import { MessageSchema, SiteParams } from '../api/common.ts';
import {
  CreateVoucherBody,
  DeleteVoucherBody,
  VoucherPageQuery,
  VoucherPageSchema,
  VoucherSchema,
} from '../api/vouchers.ts';
import { controllerErrors, defineRoutes } from '../contract.ts';

/** A site's hotspot vouchers, kept on its controller. */
export const vouchersRoutes = defineRoutes('vouchers', {
  'GET /it4u/:site/voucher': {
    access: 'signedIn',
    summary: 'Vouchers of a site, newest first',
    params: SiteParams,
    response: Type.Array(VoucherSchema),
    errors: controllerErrors,
  },
  'GET /it4u/:site/voucher/page': {
    access: 'signedIn',
    summary: 'A page of the vouchers of a site, searched, filtered by status and sorted on the server',
    params: SiteParams,
    query: VoucherPageQuery,
    response: VoucherPageSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/createVoucher': {
    access: 'signedIn',
    audit: 'voucher.create',
    summary: 'Create vouchers: n, quota (uses, 0 = unlimited), expire (minutes), down/up (kbps), bytes (MB), note',
    params: SiteParams,
    body: CreateVoucherBody,
    response: Type.Array(VoucherSchema),
    status: 201,
    errors: controllerErrors,
  },
  'POST /it4u/:site/deleteVoucher': {
    access: 'signedIn',
    audit: 'voucher.delete',
    summary: 'Revoke a voucher',
    params: SiteParams,
    body: DeleteVoucherBody,
    response: MessageSchema,
    errors: controllerErrors,
  },
  'GET /it4u/:site/printVoucher/:id': {
    access: 'signedIn',
    summary: "A printable A4 sheet of voucher cards (HTML); id is a voucher id, a comma-separated list, or 'all'",
    params: Type.Object({ site: SiteParams.properties.site, id: Type.String({ minLength: 1, maxLength: 5000 }) }),
    query: Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('vi')])) }),
    errors: controllerErrors,
  },
});
