import { defineRoutes } from '../contract.ts';

export const uploadsRoutes = defineRoutes('uploads', {});
