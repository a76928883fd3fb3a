import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { controllers } from '../controllers/controllers.schema.ts';

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    sitename: text('sitename').notNull(),
    /** the console's name of the site, unique: the controller's short name, or with a suffix when two controllers share it */
    idname: text('idname').notNull(),
    /** the controller that has the site (null: not synced yet, read from the first controller or the demo) */
    controllerId: integer('controller_id').references(() => controllers.id, { onDelete: 'set null' }),
    /** the site's short name on its controller (null: the same as idname) */
    controllerSite: text('controller_site'),
    /** the searched fields, folded (lower case, no Vietnamese marks) for the search box's trigram index */
    searchFolded: text('search_folded').notNull().generatedAlwaysAs(sql`it4u_fold(sitename || ' ' || idname)`),
  },
  // the customer report finds a pushed name among the descriptions too
  (t) => [
    uniqueIndex('sites_idname_idx').on(t.idname),
    index('sites_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    index('sites_sitename_idx').on(t.sitename),
    index('sites_controller_idx').on(t.controllerId, t.controllerSite),
  ],
);
