import { defineRoutes } from '../contract.ts';

export const deviceInfoRoutes = defineRoutes('device information', {});
