import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.ts';

/**
 * The guest login page's splash images: per site (its controller short name) the latest desktop (16:10) and phone
 * (9:16) PNG. Kept in the database so that every instance serves them; `n` grows with each upload and names the
 * image's address, which may then be cached for good.
 */
export const splashImages = pgTable(
  'splash_images',
  {
    site: text('site').notNull(),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    png: bytea('png').notNull(),
    etag: text('etag').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.site, t.kind] }),
    check('splash_images_kind', sql`${t.kind} in ('desktop', 'mobile')`),
  ],
);
