import { defineRoutes } from '../contract.ts';

export const wirelessRoutes = defineRoutes('wireless', {});
