import { defineRoutes } from '../contract.ts';

export const devicesRoutes = defineRoutes('devices', {});
