import { type SQL, sql } from 'drizzle-orm';

/**
 * The site another area's row names (a device information row, a contract's or a user's sites, a customer site of the
 * WAN links report), as that area's query reads it: the joins and the columns are the sites area's, so that only this
 * area writes SQL naming `sites`. A query joins with `siteRefJoin(its site_id column)`, selects `siteRefColumns`,
 * searches by `siteRefColumn(field)`; a list of a link table's sites is `siteListOf`; a site named by a description or
 * a short name is `siteNamedJoin` and `siteNamedColumn`.
 */

/** The alias of the joined site, unlike any other area's. */
const ALIAS = 'site_ref';

export type SiteRefField = 'sitename' | 'idname';

/** A joined site's column, as a trusted SQL name (for a search or an order). */
export const siteRefColumn = (field: SiteRefField): string => `${ALIAS}.${field}`;

/** The joined site's columns, for the select list: `sitename` and `idname` (null when there is none). */
export const siteRefColumns: SQL = sql.raw(`${ALIAS}.sitename, ${ALIAS}.idname`);

/** The columns `siteRefColumns` adds to a row. */
export type SiteRefRow = { sitename: string | null; idname: string | null };

/** The join of the site a row names by its site column (e.g. sql`d.site_id`): left (kept without one) or inner. */
export const siteRefJoin = (siteId: SQL, kind: 'left' | 'inner' = 'left'): SQL =>
  sql`${sql.raw(kind === 'left' ? 'left join' : 'join')} sites ${sql.raw(ALIAS)} on ${sql.raw(ALIAS)}.id = ${siteId}`;

/** Whether the joined site is the one a name names, as its short name (idname) or its description (sitename). */
export const siteRefNamed = (name: string): SQL =>
  sql`(${sql.raw(siteRefColumn('idname'))} = ${name} or ${sql.raw(siteRefColumn('sitename'))} = ${name})`;

/**
 * The sites a link table's rows name, as a JSON array of `{ sitename, idname }` by name (`[]` when none): `links` the
 * link table with its alias (sql`contract_sites cs`), `siteId` its site column, `where` which of its rows.
 */
export const siteListOf = (links: SQL, siteId: SQL, where: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('sitename', ${sql.raw(ALIAS)}.sitename, 'idname', ${sql.raw(ALIAS)}.idname) order by ${sql.raw(ALIAS)}.sitename)
  from ${links} ${siteRefJoin(siteId, 'inner')} where ${where}), '[]'::json)`;

/**
 * The first site (by name) of a link table's rows: `links`, `siteId` and `where` as for `siteListOf`; answers the
 * site's `field` (a scalar subquery, null when none).
 */
export const firstSiteOf = (links: SQL, siteId: SQL, where: SQL, field: SiteRefField = 'sitename'): SQL =>
  sql`(select ${sql.raw(siteRefColumn(field))} from ${links} ${siteRefJoin(siteId, 'inner')}
    where ${where} order by ${sql.raw(siteRefColumn('sitename'))} limit 1)`;

/** The aliases of a named site's two joins: by description, then by short name. */
const BY_DESCRIPTION = 'site_by_description';
const BY_SHORT_NAME = 'site_by_short_name';

/**
 * The left joins of the site a name names (e.g. sql`cs.sitename`): the first site (by id) with that description, else
 * the site with that short name. Joins of whole tables (hash joins), not a lookup a row.
 */
export const siteNamedJoin = (name: SQL): SQL =>
  sql`left join (select distinct on (sitename) sitename, id, idname from sites order by sitename, id) ${sql.raw(BY_DESCRIPTION)}
    on ${sql.raw(BY_DESCRIPTION)}.sitename = ${name}
  left join sites ${sql.raw(BY_SHORT_NAME)} on ${sql.raw(BY_SHORT_NAME)}.idname = ${name} and ${sql.raw(BY_DESCRIPTION)}.id is null`;

/**
 * The same site as `siteNamedJoin` finds, looked up a row (a lateral join by the names' indexes): for a few rows, a
 * page of a search, where the whole-table joins would cost more than the rows. Its columns: `alias`.id, .idname.
 */
export const siteNamedLookup = (name: SQL, alias: string): SQL =>
  sql`left join lateral (select s.id, s.idname from sites s where s.sitename = ${name} or s.idname = ${name}
    order by (s.sitename = ${name}) desc, s.id limit 1) ${sql.raw(alias)} on true`;

/** A column of the site `siteNamedJoin` found (null when none): its id or its short name. */
export const siteNamedColumn = (field: 'id' | 'idname'): SQL =>
  sql.raw(`coalesce(${BY_DESCRIPTION}.${field}, ${BY_SHORT_NAME}.${field})`);

/**
 * Whether a site has the name `name` (a trusted SQL expression, e.g. `customer_sites.sitename`) as description or
 * short name: SQL text, for a statement prepared once by its name.
 */
export const siteExistsText = (name: string): string =>
  `exists (select 1 from sites ${ALIAS} where ${ALIAS}.sitename = ${name} or ${ALIAS}.idname = ${name})`;
