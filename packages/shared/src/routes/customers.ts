import { defineRoutes } from '../contract.ts';

export const customersRoutes = defineRoutes('customers', {});
