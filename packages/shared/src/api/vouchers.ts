import { type Static, Type } from '@sinclair/typebox';
import { VOUCHER_EXPIRE_MINUTES } from '../constants.ts';

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

export type Voucher = Static<typeof VoucherSchema>;
export type CreateVoucherInput = Static<typeof CreateVoucherBody>;
export type DeleteVoucherInput = Static<typeof DeleteVoucherBody>;
