import { defineRoutes } from '../contract.ts';

export const sitesRoutes = defineRoutes('sites', {});
