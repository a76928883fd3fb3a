import { defineRoutes } from '../contract.ts';

export const usersRoutes = defineRoutes('users', {});
