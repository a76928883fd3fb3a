import { isSiteShortName, type Site } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Audit } from '../../lib/audit.ts';
import { type Actor, type RequestContext, seesAllSites } from '../../lib/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnavailableError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { SitesRepository } from './sites.repository.ts';

type SiteValues = { sitename: string; idname: string };

export function createSitesService({
  sites,
  audit,
  controller,
}: {
  sites: SitesRepository;
  audit: Audit;
  controller: ControllerProvider;
}) {
  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError('siteTaken', 'idname');
    throw err;
  }

  const trimmed = (v: SiteValues): SiteValues => ({ sitename: v.sitename.trim(), idname: v.idname.trim() });

  /** Adds the controller's sites; a short name outside the rule (`..`, a `/`) is never taken in, whoever sent it. */
  async function fill(list: { name: string; desc: string }[]) {
    return sites.upsertMany(
      list.filter((c) => isSiteShortName(c.name)).map((c) => ({ sitename: c.desc, idname: c.name })),
    );
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
          return site;
        })
        .catch(duplicate);
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      await sites.transaction(async (tx) => {
        const site = await sites.delete(id, tx);
        if (!site) throw new NotFoundError('siteNotFound');
        await audit.record('site.delete', ctx, { target: site.idname }, tx);
      });
    },

    /** Fills the site-names table from the controller's sites (description → sitename, short name → idname). */
    async syncFromController(ctx: RequestContext) {
      const current = await controller.get();
      if (!current) throw new UnavailableError(503, 'noController');
      const list = await current.controller.sites();
      const result = await fill(list);
      await audit.record('site.sync', ctx, { details: result });
      return { ...result, total: list.length };
    },

    /**
     * On a first start with the demo controller: an empty site-names table is filled from it at once, so that a
     * newcomer's first screens have sites. Answers what was added, or undefined when there was nothing to do.
     */
    async syncDemo() {
      const current = await controller.get();
      if (!current?.demo || (await sites.all()).length > 0) return undefined;
      const result = await fill(await current.controller.sites());
      await audit.record('site.sync', {}, { details: { ...result, reason: 'demo controller' } });
      return result;
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
