import { defineRoutes } from '../contract.ts';

export const mailRoutes = defineRoutes('mail', {});
