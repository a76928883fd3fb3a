import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Each site's cronjob file (the controller's `config.properties`), every upload a new version with who and when,
 * and whether it reached the controller host.
 */
export const cronjobFiles = pgTable(
  'cronjob_files',
  {
    id: serial('id').primaryKey(),
    site: text('site').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    /** the version this one restored, if it is a restore */
    restoredFrom: integer('restored_from'),
    /** delivered, failed, or notConfigured (kept, no controller host to deliver to) */
    delivery: text('delivery').notNull(),
    /** what the delivery found, in words */
    deliveryMessage: text('delivery_message').notNull().default(''),
  },
  (t) => [
    uniqueIndex('cronjob_files_site_version_idx').on(t.site, t.version),
    check('cronjob_files_delivery', sql`${t.delivery} in ('delivered', 'failed', 'notConfigured')`),
  ],
);
