import { can, type Site } from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../users/users.service.ts';
import type { SitesRepository } from './sites.repository.ts';

export const SITE_TAKEN = 'A site with this id already exists.';

/** The ids of the sites named by their idname; an unknown name is a 400 on the field `sitename`. */
export async function resolveSiteIds(
  sites: Pick<SitesRepository, 'byIdnames'>,
  idnames: string[] | undefined,
): Promise<number[] | undefined> {
  if (idnames === undefined) return undefined;
  const wanted = [...new Set(idnames)];
  const found = await sites.byIdnames(wanted);
  const missing = wanted.filter((n) => !found.some((f) => f.idname === n));
  if (missing.length) throw new BadRequestError(`Unknown site: ${missing.join(', ')}`, 'sitename');
  return found.map((f) => f.id);
}

export function createSitesService({ sites, audit }: { sites: SitesRepository; audit: AuditRepository }) {
  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError(SITE_TAKEN, 'idname');
    throw err;
  }

  return {
    /** The sites a caller may see: all for staff, only their own for customers (ARCHITECTURE section 6). */
    async visibleTo(actor: Actor): Promise<Site[]> {
      if (
        can(
          actor.roles.map((r) => r.name),
          'allSites',
        )
      )
        return sites.all();
      return sites.byIdnames(actor.sitename.map((s) => s.idname));
    },

    all: () => sites.all(),

    page: (q: string | undefined, page: number, pageSize: number) => sites.page(q, (page - 1) * pageSize, pageSize),

    async get(id: number): Promise<Site> {
      const site = await sites.find(id);
      if (!site) throw new NotFoundError('Site not found.');
      return site;
    },

    async create(values: { sitename: string; idname: string }, actor: Actor, ip: string): Promise<Site> {
      const site = await sites
        .insert({ sitename: values.sitename.trim(), idname: values.idname.trim() })
        .catch(duplicate);
      await audit.record({
        event: 'site.create',
        actorId: actor.id,
        actorName: actor.username,
        target: site.idname,
        ip,
      });
      return site;
    },

    async update(id: number, values: { sitename: string; idname: string }, actor: Actor, ip: string): Promise<Site> {
      const site = await sites
        .update(id, { sitename: values.sitename.trim(), idname: values.idname.trim() })
        .catch(duplicate);
      if (!site) throw new NotFoundError('Site not found.');
      await audit.record({
        event: 'site.update',
        actorId: actor.id,
        actorName: actor.username,
        target: site.idname,
        ip,
      });
      return site;
    },

    /** Whether the caller may see this site (by its short name): staff see all, customers their own. */
    assertAccess(actor: Actor, idname: string): void {
      if (
        can(
          actor.roles.map((r) => r.name),
          'allSites',
        )
      )
        return;
      if (!actor.sitename.some((s) => s.idname === idname)) throw new ForbiddenError('This site is not one of yours.');
    },

    /** Fills the site-names table from the controller's sites (description → sitename, short name → idname). */
    async syncFrom(controllerSites: { name: string; desc: string }[], actor: Actor, ip: string) {
      const result = await sites.upsertMany(controllerSites.map((c) => ({ sitename: c.desc, idname: c.name })));
      await audit.record({ event: 'site.sync', actorId: actor.id, actorName: actor.username, ip, details: result });
      return { ...result, total: controllerSites.length };
    },

    /**
     * On a first start with the demo controller: an empty site-names table is filled from it at once, so that a
     * newcomer's first screens have sites. Answers what was added, or undefined when there was nothing to do.
     */
    async syncDemo(provider: ControllerProvider | undefined) {
      const current = await provider?.get();
      if (!current?.demo || (await sites.all()).length > 0) return undefined;
      const result = await sites.upsertMany(
        (await current.controller.sites()).map((c) => ({ sitename: c.desc, idname: c.name })),
      );
      await audit.record({ event: 'site.sync', details: { ...result, reason: 'demo controller' } });
      return result;
    },

    async remove(id: number, actor: Actor, ip: string): Promise<void> {
      const site = await sites.find(id);
      if (!site || !(await sites.delete(id))) throw new NotFoundError('Site not found.');
      await audit.record({
        event: 'site.delete',
        actorId: actor.id,
        actorName: actor.username,
        target: site.idname,
        ip,
      });
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
