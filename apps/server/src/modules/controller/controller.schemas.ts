import { VOUCHER_EXPIRE_MINUTES } from '@it4u/shared';
import { Type } from '@sinclair/typebox';

export const VoucherSchema = Type.Object(
  {
    id: Type.String(),
    _id: Type.String(),
    code: Type.String(),
    createTime: Type.Number(),
    duration: Type.Number(),
    quota: Type.Number(),
    used: Type.Number(),
    note: Type.String(),
    up: Type.Union([Type.Number(), Type.Null()]),
    down: Type.Union([Type.Number(), Type.Null()]),
    byteQuota: Type.Union([Type.Number(), Type.Null()]),
    status: Type.String(),
  },
  { $id: 'Voucher' },
);

export const CreateVoucherBody = Type.Object({
  cmd: Type.Optional(Type.Literal('create-voucher')),
  n: Type.Integer({ minimum: 1, maximum: 1000 }),
  quota: Type.Integer({ minimum: 0, maximum: 1000 }),
  expire: Type.Unsafe<number>({ type: 'integer', enum: [...VOUCHER_EXPIRE_MINUTES] }),
  expire_number: Type.Optional(Type.Integer({ minimum: 1 })),
  expire_unit: Type.Optional(Type.Integer({ minimum: 1 })),
  down: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  up: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  bytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  note: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});

export const DeleteVoucherBody = Type.Object({
  _id: Type.String({ minLength: 1, maxLength: 64 }),
  cmd: Type.Optional(Type.Literal('delete-voucher')),
});

export const ConnectedDeviceSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  essid: Type.String(),
  ip: Type.String(),
  apMac: Type.String(),
  apName: Type.String(),
  band: Type.String(),
  download: Type.Number(),
  upload: Type.Number(),
  uptime: Type.Number(),
  isGuest: Type.Boolean(),
});

export const BlockedDeviceSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  firstSeen: Type.Number(),
  lastSeen: Type.Number(),
});

export const BlockBody = Type.Object({
  mac: Type.String({ pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$' }),
  cmd: Type.Union([Type.Literal('block-sta'), Type.Literal('unblock-sta')]),
});

export const SiteParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
});
