/**
 * Every table of the console, gathered from the areas that own them (each area's `<area>.schema.ts` beside its
 * repository): Drizzle's migrations read this file, and the repositories import their tables from it.
 */

export * from '../modules/alerts/alerts.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/backups/backups.schema.ts';
export * from '../modules/channels/channels.schema.ts';
export * from '../modules/chat/chat.schema.ts';
export * from '../modules/contracts/contracts.schema.ts';
export * from '../modules/controllers/controllers.schema.ts';
export * from '../modules/cronjob/cronjob.schema.ts';
export * from '../modules/deviceinfo/deviceInfo.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/settings/settings.schema.ts';
export * from '../modules/sites/sites.schema.ts';
export * from '../modules/splash/splash.schema.ts';
export * from '../modules/supplies/supplies.schema.ts';
export * from '../modules/terminal/terminal.schema.ts';
export * from '../modules/users/users.schema.ts';
export * from '../modules/vouchers/vouchers.schema.ts';
export * from '../modules/wanLinks/wanLinks.schema.ts';
export * from './core.schema.ts';
