// The API's shapes as types only (their schemas are in '@it4u/shared/api', for the server).
export type * from './api/index.ts';
export * from './apiErrors.ts';
export * from './audit.ts';
export * from './channels.ts';
export * from './constants.ts';
export * from './cron.ts';
export * from './customers.ts';
export * from './deviceInfo.ts';
export * from './parameters.ts';
export * from './properties.ts';
export * from './realtime.ts';
export * from './roles.ts';
export * from './rowProblems.ts';
export * from './siteNames.ts';
export * from './splash.ts';
export * from './supplies.ts';
export type * from './types.ts';
export * from './zip.ts';
