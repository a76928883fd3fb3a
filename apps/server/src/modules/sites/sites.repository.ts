import type { Site } from '@it4u/shared';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import {
  containsPattern,
  foldedContains,
  foldedRank,
  pageOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';

type SiteValues = { sitename: string; idname: string };
/** Where a site is read: its controller (null: the first, or the demo) and its short name there (null: its idname). */
export type SiteLocation = { controllerId: number | null; controllerSite: string | null };
export type LocatedSite = Site & SiteLocation;

const locationColumns = { controllerId: sites.controllerId, controllerSite: sites.controllerSite };

/** The lock of the syncs' merges (pg_advisory_xact_lock, waited for). */
const MERGE_LOCK = 7_114_301;

export function createSitesRepository(db: Db) {
  const columns = { id: sites.id, sitename: sites.sitename, idname: sites.idname };
  return {
    /** Sites whose name or short name holds the folded words (the search box); `within`: among these short names. */
    async searchFolded(terms: SearchTerms, page: SearchPage, within?: string[]): Promise<Site[]> {
      // the matches first, from the trigram index, then their order
      return searchRows<Site>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from sites where ${foldedContains(terms)})
          select s.id, s.sitename, s.idname from sites s join m on m.id = s.id
          ${within ? sql`where s.idname = any(${sql.param(within)}::text[])` : sql``}
          order by m.rank, s.sitename, s.id ${pageOf(page)}`,
      );
    },

    all(): Promise<Site[]> {
      return db.select(columns).from(sites).orderBy(asc(sites.sitename), asc(sites.id));
    },

    async byIdnames(idnames: string[]): Promise<Site[]> {
      if (idnames.length === 0) return [];
      return db
        .select(columns)
        .from(sites)
        .where(sql`${sites.idname} = any(${sql.param(idnames)}::text[])`)
        .orderBy(asc(sites.sitename));
    },

    async page(q: string | undefined, offset: number, limit: number): Promise<{ items: Site[]; total: number }> {
      const text = q?.trim();
      const where = text
        ? or(ilike(sites.sitename, containsPattern(text)), ilike(sites.idname, containsPattern(text)))
        : undefined;
      const [items, [countRow]] = await Promise.all([
        db
          .select(columns)
          .from(sites)
          .where(where)
          .orderBy(asc(sites.sitename), asc(sites.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(sites).where(where),
      ]);
      return { items, total: countRow?.n ?? 0 };
    },

    async find(id: number): Promise<Site | undefined> {
      const [row] = await db.select(columns).from(sites).where(eq(sites.id, id));
      return row;
    },

    async insert(values: { sitename: string; idname: string }, within: Db = db): Promise<Site> {
      const [row] = await within.insert(sites).values(values).returning(columns);
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(id: number, values: { sitename: string; idname: string }, within: Db = db): Promise<Site | undefined> {
      const [row] = await within.update(sites).set(values).where(eq(sites.id, id)).returning(columns);
      return row;
    },

    /** Deletes a site; answers it (undefined when there was none). */
    /** These sites, those on no controller yet (the demo's), in the caller's transaction: the ones removed. */
    async deleteUnplaced(ids: number[], within: Db): Promise<Site[]> {
      if (ids.length === 0) return [];
      return within
        .delete(sites)
        .where(and(inArray(sites.id, ids), isNull(sites.controllerId)))
        .returning(columns);
    },

    /** These sites, those on no controller yet. */
    async unplaced(ids: number[]): Promise<Site[]> {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(sites)
        .where(and(inArray(sites.id, ids), isNull(sites.controllerId)))
        .orderBy(asc(sites.sitename));
    },

    async delete(id: number, within: Db = db): Promise<Site | undefined> {
      const [row] = await within.delete(sites).where(eq(sites.id, id)).returning(columns);
      return row;
    },

    /** Where a site is read: its controller (null: the first) and its short name there. */
    async location(idname: string): Promise<SiteLocation | undefined> {
      const [row] = await db.select(locationColumns).from(sites).where(eq(sites.idname, idname));
      return row;
    },

    /** Every site with where it is read (the overview, a sync). */
    located(within: Db = db): Promise<LocatedSite[]> {
      return within
        .select({ ...columns, ...locationColumns })
        .from(sites)
        .orderBy(asc(sites.sitename), asc(sites.id));
    },

    /** How many sites each controller has. */
    async countsByController(): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: sites.controllerId, n: sql<number>`count(*)::int` })
        .from(sites)
        .where(isNotNull(sites.controllerId))
        .groupBy(sites.controllerId);
      return new Map(rows.map((r) => [r.id as number, r.n]));
    },

    /** Adds sites found on a controller, in one statement (a first sync of thousands). */
    async insertMany(rows: (SiteValues & SiteLocation)[], within: Db = db): Promise<void> {
      if (rows.length > 0) await within.insert(sites).values(rows);
    },

    /** Changes a site's description or where it is read (a sync). */
    async relocate(id: number, values: Partial<SiteValues & SiteLocation>, within: Db = db): Promise<void> {
      await within.update(sites).set(values).where(eq(sites.id, id));
    },

    /** Runs fn in one transaction (the `within` of the writes above): a write and its audit line, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Runs a sync's merge in one transaction, one at a time across the instances (a lock held until it commits, the
     * next merge waiting for it): the next reads the sites the one before added, and never adds them again under
     * another short name, nor collides with them.
     */
    merging<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${MERGE_LOCK})`);
        return fn(tx as unknown as Db);
      });
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
