import { defineRoutes } from '../contract.ts';

export const channelsRoutes = defineRoutes('channels', {});
