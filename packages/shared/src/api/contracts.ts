import { type Static, Type } from '@sinclair/typebox';
import { OptionalText } from './common.ts';
import { SiteNameRef } from './sites.ts';
import { SiteRefSchema } from './users.ts';

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

export const ContractBody = Type.Object({
  customId: OptionalText(100),
  numContract: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  clientName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  companyName: OptionalText(200),
  phone: OptionalText(50),
  street: OptionalText(300),
  servicePlans: OptionalText(200),
  segment: OptionalText(100),
  sitename: Type.Optional(Type.Array(SiteNameRef, { maxItems: 200 })),
});

/** What `getContractBySitename` answers. */
export const SiteContractSchema = Type.Object({
  companyName: Type.String(),
  phone: Type.String(),
  servicePlan: Type.String(),
});

export type Contract = Static<typeof ContractSchema>;
export type ContractRef = Static<typeof ContractRefSchema>;
export type ContractInput = Static<typeof ContractBody>;
export type SiteContract = Static<typeof SiteContractSchema>;
