import { isSiteShortName, type Site } from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import type { Controller, ControllerEntry, ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { ControllerSite } from '../../integrations/unifi/unifi.map.ts';
import type { Audit } from '../../lib/audit.ts';
import { type Actor, type RequestContext, seesAllSites } from '../../lib/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnavailableError } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/readCache.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { failedOutcome } from '../controllers/controllers.outcome.ts';
import type { LocatedSite, SiteLocation, SitesRepository } from './sites.repository.ts';

type SiteValues = { sitename: string; idname: string };

/** A site's controller and its short name there: every call about the site goes there. */
export type SiteOnController = { controller: Controller; site: string; entry: ControllerEntry };

/** What a sync did on one controller: its sites, what it added and changed, or why it could not be read. */
export type ControllerSync = {
  id: number | null;
  name: string;
  sites: number;
  added: number;
  updated: number;
  error?: { code: string; params?: Record<string, string | number> };
};

/** The health of every site by the console's name, and the controllers that could not be read. */
export type SiteHealth = {
  bySite: Map<string, unknown>;
  down: { entry: ControllerEntry; error: unknown; sites: number }[];
  /** every site's controller and short name there, by the console's name (read with the health, not once a site) */
  where: Map<string, SiteOnController>;
  /** every site of the table, as it was matched */
  located: LocatedSite[];
  /** how old the oldest controller's answer is (ms), and whether one was the last good answer of a slow controller */
  age: number;
  lastGood: boolean;
};

/** The key of a site on its controller. */
const placeOf = (controllerId: number | null, name: string) => `${controllerId ?? ''}/${name}`;

export function createSitesService({
  sites,
  audit,
  controller,
  timed,
}: {
  sites: SitesRepository;
  audit: Audit;
  controller: ControllerProvider;
  /** runs the sync counted and timed (/metrics) */
  timed?: <T>(run: () => Promise<T>) => Promise<T>;
}) {
  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError('siteTaken', 'idname');
    throw err;
  }

  const trimmed = (v: SiteValues): SiteValues => ({ sitename: v.sitename.trim(), idname: v.idname.trim() });

  // where each site is read, kept a few seconds (a sync or a change of the site drops it at once)
  const locations = createReadCache(5_000);

  /**
   * Merges one controller's sites into the site names: a site it had before is updated (its description), a site
   * named so but of no controller yet becomes its, a new one is added, under its short name or, when another
   * controller's site has that name, `<name>-<controller id>`. A short name outside the rule (`..`, a `/`) is never
   * taken in, whoever sent it. Inserts go in one statement.
   */
  const merge = (controllerId: number | null, list: ControllerSite[]) =>
    sites.merging((tx) => mergeIn(tx, controllerId, list)).finally(() => locations.invalidate(''));

  /** Merges a controller's sites into the table, in the merge's transaction: what was added, what was changed. */
  async function mergeIn(tx: Db, controllerId: number | null, list: ControllerSite[]) {
    const rows = await sites.located(tx);
    const byPlace = new Map(rows.map((r) => [placeOf(r.controllerId, r.controllerSite ?? r.idname), r]));
    const byIdname = new Map(rows.map((r) => [r.idname, r]));
    const fresh: (SiteValues & SiteLocation)[] = [];
    let updated = 0;
    const freeName = (name: string) => {
      if (!byIdname.has(name)) return name;
      for (let n = 1; ; n++) {
        const candidate = `${name.slice(0, 50)}-${controllerId ?? 0}${n > 1 ? `-${n}` : ''}`;
        if (!byIdname.has(candidate)) return candidate;
      }
    };
    for (const c of list.filter((x) => isSiteShortName(x.name))) {
      let row: LocatedSite | undefined = byPlace.get(placeOf(controllerId, c.name));
      const changes: Partial<SiteValues & SiteLocation> = {};
      if (!row && controllerId !== null) {
        const named = byIdname.get(c.name);
        if (named && named.controllerId === null) {
          row = named;
          Object.assign(changes, { controllerId, controllerSite: c.name });
        }
      }
      if (row) {
        if (row.sitename !== c.desc) changes.sitename = c.desc;
        if (Object.keys(changes).length > 0) {
          await sites.relocate(row.id, changes, tx);
          updated += 1;
        }
        continue;
      }
      const idname = freeName(c.name);
      const site = { sitename: c.desc, idname, controllerId, controllerSite: controllerId === null ? null : c.name };
      fresh.push(site);
      byIdname.set(idname, { id: 0, ...site });
      byPlace.set(placeOf(controllerId, c.name), { id: 0, ...site });
    }
    await sites.insertMany(fresh, tx);
    return { added: fresh.length, updated };
  }

  /** Merges every controller's sites, each on its own (a controller that fails is reported, the others go on). */
  async function syncAll(entries: ControllerEntry[]) {
    const results: ControllerSync[] = [];
    for (const entry of entries) {
      try {
        const list = await entry.controller.sites();
        results.push({ id: entry.id, name: entry.name, sites: list.length, ...(await merge(entry.id, list)) });
      } catch (err) {
        const { code, params } = failedOutcome(err);
        results.push({ id: entry.id, name: entry.name, sites: 0, added: 0, updated: 0, error: { code, params } });
        if (entries.length === 1) throw err;
      }
    }
    const sum = (k: 'added' | 'updated' | 'sites') => results.reduce((n, r) => n + r[k], 0);
    return { added: sum('added'), updated: sum('updated'), total: sum('sites'), controllers: results };
  }

  return {
    /** The sites a caller may see: all for staff, only their own for customers (`allSites` in packages/shared/src/roles.ts). */
    async visibleTo(actor: Actor): Promise<Site[]> {
      if (seesAllSites(actor)) return sites.all();
      return sites.byIdnames(actor.sitename.map((s) => s.idname));
    },

    /** Whether the caller may see this site (by its short name): staff see all, customers their own. */
    assertAccess(actor: Actor, idname: string): void {
      if (seesAllSites(actor)) return;
      if (!actor.sitename.some((s) => s.idname === idname)) throw new ForbiddenError('notYourSite');
    },

    /** The ids of the sites named by their idname; an unknown name is a 400 on the field `sitename`. */
    async idsOf(idnames: string[] | undefined): Promise<number[] | undefined> {
      if (idnames === undefined) return undefined;
      const wanted = [...new Set(idnames)];
      const found = await sites.byIdnames(wanted);
      const missing = wanted.filter((n) => !found.some((f) => f.idname === n));
      if (missing.length) throw new BadRequestError('unknownSites', 'sitename', { sites: missing.join(', ') });
      return found.map((f) => f.id);
    },

    all: () => sites.all(),

    /** A site of the site names by its controller short name, or undefined. */
    async byIdname(idname: string): Promise<Site | undefined> {
      return (await sites.byIdnames([idname]))[0];
    },

    page: (q: string | undefined, page: number, pageSize: number) => sites.page(q, (page - 1) * pageSize, pageSize),

    async get(id: number): Promise<Site> {
      const site = await sites.find(id);
      if (!site) throw new NotFoundError('siteNotFound');
      return site;
    },

    // A write and its audit line are one transaction: both or neither.
    async create(values: SiteValues, ctx: RequestContext): Promise<Site> {
      return sites
        .transaction(async (tx) => {
          const site = await sites.insert(trimmed(values), tx);
          await audit.record('site.create', ctx, { target: site.idname }, tx);
          return site;
        })
        .catch(duplicate);
    },

    async update(id: number, values: SiteValues, ctx: RequestContext): Promise<Site> {
      return sites
        .transaction(async (tx) => {
          const site = await sites.update(id, trimmed(values), tx);
          if (!site) throw new NotFoundError('siteNotFound');
          await audit.record('site.update', ctx, { target: site.idname }, tx);
          locations.invalidate('');
          return site;
        })
        .catch(duplicate);
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      await sites.transaction(async (tx) => {
        const site = await sites.delete(id, tx);
        if (!site) throw new NotFoundError('siteNotFound');
        await audit.record('site.delete', ctx, { target: site.idname }, tx);
        locations.invalidate('');
      });
    },

    /**
     * Fills the site-names table from every controller's sites (description → sitename, short name → idname),
     * saying what changed on each.
     */
    async syncFromController(ctx: RequestContext) {
      const entries = await controller.all();
      if (entries.length === 0) throw new UnavailableError(503, 'noController');
      const result = await (timed ? timed(() => syncAll(entries)) : syncAll(entries));
      await audit.record('site.sync', ctx, { details: result });
      return result;
    },

    /** The controller a site is read from, and its short name there (a site not in the table: the first's, as named). */
    async onController(idname: string): Promise<SiteOnController> {
      const where = await locations.get(idname, async () => (await sites.location(idname)) ?? null);
      const entry = await controller.byId(where?.controllerId ?? null);
      return { controller: entry.controller, site: where?.controllerSite ?? idname, entry };
    },

    /**
     * Every controller's sites with their health (`stat/sites`, one read per controller per window however many
     * ask), by the console's site name; and the controllers that could not be read, with how many sites are theirs.
     * A controller slow to answer gives its last good answer meanwhile (`age`, `lastGood`).
     */
    async health(ttlMs: number): Promise<SiteHealth> {
      const [entries, rows] = await Promise.all([controller.all(), sites.located()]);
      const firstId = entries[0]?.id ?? null;
      const names = new Map<string, string>();
      const owned = new Map<number | null, number>();
      const where = new Map<string, SiteOnController>();
      const byId = new Map(entries.map((e) => [e.id, e]));
      for (const r of rows) {
        const id = r.controllerId !== null && byId.has(r.controllerId) ? r.controllerId : firstId;
        names.set(placeOf(id, r.controllerSite ?? r.idname), r.idname);
        owned.set(id, (owned.get(id) ?? 0) + 1);
        const entry = byId.get(id);
        if (entry) where.set(r.idname, { controller: entry.controller, site: r.controllerSite ?? r.idname, entry });
      }
      const bySite = new Map<string, unknown>();
      const down: SiteHealth['down'] = [];
      let age = 0;
      let lastGood = false;
      await Promise.all(
        entries.map(async (entry) => {
          try {
            const answer = await entry.controller.sitesWithHealth(ttlMs);
            age = Math.max(age, answer.age);
            lastGood ||= answer.lastGood;
            for (const s of answer.value) {
              const idname = names.get(placeOf(entry.id, String(s.name)));
              if (idname) bySite.set(idname, s.health);
            }
          } catch (error) {
            down.push({ entry, error, sites: owned.get(entry.id) ?? 0 });
          }
        }),
      );
      return { bySite, down, where, located: rows, age, lastGood };
    },

    /** How many sites each controller has. */
    countsByController: () => sites.countsByController(),

    /**
     * On a first start with the demo controller: an empty site-names table is filled from it at once, so that a
     * newcomer's first screens have sites. Answers what was added, or undefined when there was nothing to do.
     */
    async syncDemo() {
      const current = await controller.get();
      if (!current?.demo || (await sites.all()).length > 0) return undefined;
      const result = await merge(null, await current.controller.sites());
      await audit.record('site.sync', {}, { details: { ...result, reason: 'demo controller' } });
      return result;
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
