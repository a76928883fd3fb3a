import { defineRoutes } from '../contract.ts';

export const portalRoutes = defineRoutes('portal', {});
