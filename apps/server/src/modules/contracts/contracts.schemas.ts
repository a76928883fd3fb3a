import { Type } from '@sinclair/typebox';
import { SiteRefSchema } from '../users/users.schemas.ts';

export const ContractSchema = Type.Object(
  {
    id: Type.Integer(),
    customId: Type.String(),
    numContract: Type.String(),
    clientName: Type.String(),
    companyName: Type.String(),
    phone: Type.String(),
    street: Type.String(),
    servicePlans: Type.String(),
    segment: Type.String(),
    sitename: Type.Array(SiteRefSchema),
  },
  { $id: 'Contract' },
);

/** A contract as a stock record or a channel detail names it. */
export const ContractRefSchema = Type.Pick(ContractSchema, [
  'id',
  'customId',
  'numContract',
  'clientName',
  'street',
  'servicePlans',
]);

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const ContractBody = Type.Object({
  customId: text(100),
  numContract: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  clientName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  companyName: text(200),
  phone: text(50),
  street: text(300),
  servicePlans: text(200),
  segment: text(100),
  // short names, or the sites as the API returns them
  sitename: Type.Optional(
    Type.Array(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), SiteRefSchema]), { maxItems: 200 }),
  ),
});
