import { defineRoutes } from '../contract.ts';

export const cronjobRoutes = defineRoutes('cronjob', {});
