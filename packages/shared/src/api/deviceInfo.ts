import { type Static, type TOptional, type TString, Type } from '@sinclair/typebox';
import {
  DEVICE_ALL_ROWS,
  DEVICE_SECRET_FIELDS,
  DEVICE_SECRET_MAX,
  DEVICE_TEXT_FIELDS,
  type DeviceSecretField,
  type DeviceTextField,
  HOST_PATTERN,
} from '../deviceInfo.ts';
import { Id, Nullable, PageNumber, SearchText } from './common.ts';
import { ContractSchema } from './contracts.ts';
import { SiteSchema } from './sites.ts';

const HOST_FIELDS = new Set<string>([
  'ipLb',
  'ipOther',
  ...[1, 2, 3, 4].flatMap((n) => [`ipWan${n}`, `ipPublicWan${n}`]),
]);

/** A text field's rule: its length, and for an address, an address or nothing. */
const textRule = (field: DeviceTextField) =>
  Type.String({
    maxLength: DEVICE_TEXT_FIELDS[field],
    ...(HOST_FIELDS.has(field) ? { pattern: `^$|${HOST_PATTERN}` } : {}),
  });

const textFields = Object.fromEntries(
  (Object.keys(DEVICE_TEXT_FIELDS) as DeviceTextField[]).map((f) => [f, Type.Optional(textRule(f))]),
) as Record<DeviceTextField, TOptional<TString>>;
const secretFields = Object.fromEntries(
  DEVICE_SECRET_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: DEVICE_SECRET_MAX }))]),
) as Record<DeviceSecretField, TOptional<TString>>;

/** A row's customer: the contract's customer, phone and service plan. */
export const DeviceContractSchema = Type.Pick(ContractSchema, [
  'id',
  'numContract',
  'clientName',
  'phone',
  'street',
  'servicePlans',
  'customId',
]);

/** A row's text, and its passwords as '********' where one is stored ('' where none). */
const listedFields = Object.fromEntries(
  [...Object.keys(DEVICE_TEXT_FIELDS), ...DEVICE_SECRET_FIELDS].map((f) => [f, Type.String()]),
) as Record<DeviceTextField | DeviceSecretField, TString>;

export const DeviceInfoSchema = Type.Object({
  id: Type.Integer(),
  contract: Type.Union([DeviceContractSchema, Type.Null()]),
  sitename: Type.Union([SiteSchema, Type.Null()]),
  ...listedFields,
  updatedAt: Type.Number(),
});

/**
 * A new or changed row. Passwords: the mask keeps the stored one, '' removes it, anything else replaces it. The
 * customer and site are named by id (contractId, sitenameId), as read ({id}) or as the spec names them
 * ({numContract}, {idname}); a missing customer is the site's.
 */
export const DeviceInfoBody = Type.Object({
  contractId: Type.Optional(Nullable(Id)),
  /** the customer as read ({id}), or as the spec names it (by its numContract); null for none */
  contract: Type.Optional(
    Type.Union([
      Type.Object({ id: Type.Optional(Id), numContract: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
      Type.Null(),
    ]),
  ),
  sitenameId: Type.Optional(Nullable(Id)),
  /** the site as read ({id}), or as the spec names it (by its idname); null for none */
  sitename: Type.Optional(
    Type.Union([
      Type.Object({ id: Type.Optional(Id), idname: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
      Type.Null(),
    ]),
  ),
  ...textFields,
  ...secretFields,
});

/** The search of the device list (`content`), with the page. */
export const DeviceSearchBody = Type.Object({
  content: Type.Optional(SearchText),
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: DEVICE_ALL_ROWS })),
});

export const DeviceLimitParams = Type.Object({ x: Type.Integer({ minimum: 1, maximum: DEVICE_ALL_ROWS }) });
export const DeviceLimitQuery = Type.Object({ page: Type.Optional(PageNumber), q: Type.Optional(SearchText) });

export const RevealBody = Type.Object({
  field: Type.Unsafe<DeviceSecretField>({ type: 'string', enum: [...DEVICE_SECRET_FIELDS] }),
});
export const RevealSchema = Type.Object({ value: Type.String() });

export type DeviceContract = Static<typeof DeviceContractSchema>;
export type DeviceInfo = Static<typeof DeviceInfoSchema>;
export type DeviceInfoInput = Static<typeof DeviceInfoBody>;
