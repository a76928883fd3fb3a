import { defineRoutes } from '../contract.ts';

export const vouchersRoutes = defineRoutes('vouchers', {});
