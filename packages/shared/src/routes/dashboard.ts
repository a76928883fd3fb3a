import { defineRoutes } from '../contract.ts';

export const dashboardRoutes = defineRoutes('dashboard', {});
