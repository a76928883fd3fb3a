export * from './apiErrors.ts';
export * from './channels.ts';
export * from './constants.ts';
export * from './parameters.ts';
export * from './roles.ts';
export * from './rowProblems.ts';
export * from './supplies.ts';
export type * from './types.ts';
