import { defineRoutes } from '../contract.ts';

export const settingsRoutes = defineRoutes('parameters', {});
