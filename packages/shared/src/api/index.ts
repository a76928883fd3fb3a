export * from './alerts.ts';
export * from './audit.ts';
export * from './backups.ts';
export * from './channels.ts';
export * from './chat.ts';
export * from './common.ts';
export * from './contracts.ts';
export * from './controllers.ts';
export * from './cronjob.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './demo.ts';
export * from './deviceInfo.ts';
export * from './devices.ts';
export * from './mail.ts';
export * from './parameters.ts';
export * from './search.ts';
export * from './sites.ts';
export * from './sla.ts';
export * from './supplies.ts';
export * from './terminal.ts';
export * from './users.ts';
export * from './vouchers.ts';
export * from './wanLinks.ts';
export * from './wireless.ts';

import { ErrorSchema } from './common.ts';
import { ContractSchema } from './contracts.ts';
import { SiteSchema } from './sites.ts';
import { StockRecordSchema, SupplyItemSchema } from './supplies.ts';
import { CurrentUserSchema, UserRowSchema } from './users.ts';
import { VoucherSchema } from './vouchers.ts';

/** The schemas with an $id, added to the server once so that the OpenAPI description names them. */
export const NAMED_SCHEMAS = [
  ErrorSchema,
  CurrentUserSchema,
  UserRowSchema,
  SiteSchema,
  ContractSchema,
  SupplyItemSchema,
  StockRecordSchema,
  VoucherSchema,
];
