import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    sitename: text('sitename').notNull(),
    idname: text('idname').notNull(),
  },
  // the customer report finds a pushed name among the descriptions too
  (t) => [uniqueIndex('sites_idname_idx').on(t.idname), index('sites_sitename_idx').on(t.sitename)],
);
