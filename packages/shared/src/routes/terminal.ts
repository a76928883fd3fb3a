import { defineRoutes } from '../contract.ts';

export const terminalRoutes = defineRoutes('remote terminal', {});
