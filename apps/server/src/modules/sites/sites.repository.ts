import type { Site } from '@it4u/shared';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import { containsPattern } from '../../lib/sql.ts';

export function createSitesRepository(db: Db) {
  const columns = { id: sites.id, sitename: sites.sitename, idname: sites.idname };
  return {
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
    async delete(id: number, within: Db = db): Promise<Site | undefined> {
      const [row] = await within.delete(sites).where(eq(sites.id, id)).returning(columns);
      return row;
    },

    /** Adds the controller's sites by short name, updating descriptions that changed; links stay as they are. */
    async upsertMany(list: { sitename: string; idname: string }[]): Promise<{ added: number; updated: number }> {
      let added = 0;
      let updated = 0;
      const existing = new Map((await this.all()).map((s) => [s.idname, s]));
      for (const site of list) {
        const known = existing.get(site.idname);
        if (!known) {
          await db.insert(sites).values(site).onConflictDoNothing();
          added += 1;
        } else if (known.sitename !== site.sitename) {
          await db.update(sites).set({ sitename: site.sitename }).where(eq(sites.id, known.id));
          updated += 1;
        }
      }
      return { added, updated };
    },

    /** Runs fn in one transaction (the `within` of the writes above): a write and its audit line, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
