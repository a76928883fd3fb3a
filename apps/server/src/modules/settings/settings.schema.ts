import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Settings of the console, one JSON value per key (secrets inside are encrypted). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
