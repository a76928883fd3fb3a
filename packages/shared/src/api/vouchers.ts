import { type Static, Type } from '@sinclair/typebox';
import { VOUCHER_EXPIRE_MINUTES } from '../constants.ts';
import { PageQuery, SearchText } from './common.ts';

/** A hotspot voucher as the console shows it (times in ms, duration in minutes, limits in kbps and MB). */
export const VoucherSchema = Type.Object(
  {
    id: Type.String(),
    _id: Type.String(),
    /** 12345-67890 */
    code: Type.String(),
    createTime: Type.Number(),
    /** minutes */
    duration: Type.Number(),
    /** uses allowed (0 = unlimited) */
    quota: Type.Number(),
    used: Type.Number(),
    note: Type.String(),
    /** the spec's name of `note` (answered by the voucher list and creation) */
    notes: Type.Optional(Type.String()),
    /** kbps, null when not limited */
    up: Type.Union([Type.Number(), Type.Null()]),
    down: Type.Union([Type.Number(), Type.Null()]),
    /** MB, null when not limited */
    byteQuota: Type.Union([Type.Number(), Type.Null()]),
    status: Type.String(),
  },
  { $id: 'Voucher' },
);

export const CreateVoucherBody = Type.Object({
  cmd: Type.Optional(Type.Literal('create-voucher')),
  n: Type.Integer({ minimum: 1, maximum: 1000 }),
  quota: Type.Integer({ minimum: 0, maximum: 1000 }),
  expire: Type.Unsafe<(typeof VOUCHER_EXPIRE_MINUTES)[number]>({ type: 'integer', enum: [...VOUCHER_EXPIRE_MINUTES] }),
  expire_number: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  expire_unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  down: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  up: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  bytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  note: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});

export const DeleteVoucherBody = Type.Object({
  _id: Type.String({ minLength: 1, maxLength: 64 }),
  cmd: Type.Optional(Type.Literal('delete-voucher')),
});

/** The statuses a controller gives a voucher (the list's filter offers these). */
export const VOUCHER_STATUSES = ['VALID_ONE', 'VALID_MULTI', 'USED', 'USED_MULTIPLE', 'EXPIRED'] as const;
/** The fields the voucher list sorts by (newest first unless told). */
export const VOUCHER_SORT_FIELDS = ['createTime', 'code', 'note', 'duration', 'used', 'status'] as const;

/**
 * A page of a site's vouchers: `q` finds words in the code (with or without its dash), the note or the status (case
 * and Vietnamese marks aside); `status` keeps one status; `sort` is a `field:asc|desc` of VOUCHER_SORT_FIELDS (any
 * other value is a 400).
 */
export const VoucherPageQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: PageQuery.properties.pageSize,
  q: Type.Optional(SearchText),
  status: Type.Optional(
    Type.Unsafe<(typeof VOUCHER_STATUSES)[number]>({ type: 'string', enum: [...VOUCHER_STATUSES] }),
  ),
  sort: Type.Optional(
    Type.Unsafe<`${(typeof VOUCHER_SORT_FIELDS)[number]}:${'asc' | 'desc'}`>({
      type: 'string',
      enum: VOUCHER_SORT_FIELDS.flatMap((f) => [`${f}:asc`, `${f}:desc`]),
    }),
  ),
});

/**
 * A page of vouchers, with what the page shows beside it so that the browser never needs the whole list: how many
 * vouchers the site has, and how many the search finds of each status (whatever the status filter).
 */
export const VoucherPageSchema = Type.Object({
  items: Type.Array(VoucherSchema),
  total: Type.Integer(),
  siteTotal: Type.Integer(),
  statuses: Type.Record(Type.String(), Type.Integer()),
});

export type Voucher = Static<typeof VoucherSchema>;
export type CreateVoucherInput = Static<typeof CreateVoucherBody>;
export type DeleteVoucherInput = Static<typeof DeleteVoucherBody>;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
export type VoucherSort = `${(typeof VOUCHER_SORT_FIELDS)[number]}:${'asc' | 'desc'}`;
export type VoucherPageInput = Static<typeof VoucherPageQuery>;
export type VoucherPage = Static<typeof VoucherPageSchema>;
