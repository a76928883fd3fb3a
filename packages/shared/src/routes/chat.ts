import { defineRoutes } from '../contract.ts';

export const chatRoutes = defineRoutes('chat', {});
