export * from './constants.ts';
export * from './roles.ts';
export type * from './types.ts';
