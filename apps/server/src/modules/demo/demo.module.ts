import type { DemoLeft, DemoRemoved } from '@it4u/shared';
import { demoRoutes } from '@it4u/shared/routes';
import type { Db } from '../../db/client.ts';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { contextOf, type RequestContext } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { Area, Core } from '../../lib/module.ts';
import { serve } from '../../lib/serve.ts';
import { isForeignKeyViolation } from '../../lib/sql.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { SitesRepository } from '../sites/sites.repository.ts';
import type { WanLinksRepository } from '../wanLinks/wanLinks.repository.ts';

/**
 * Leaving the demo. What the demo made: its customers (DEMO-001 …, made for its sites on the first start), their sites
 * while they are on no controller (a sync of a real controller that has a site of the same short name takes it over,
 * and it is no longer the demo's), and the WAN history of those sites' names (the demo routers'). Once a real
 * controller is in use an administrator removes them in one step, audited; the demo routers stop by themselves when
 * the demo controller is no longer the one in use.
 */
export function demoModule(
  core: Core,
  deps: {
    controller: ControllerProvider;
    contracts: ContractsRepository;
    sites: SitesRepository;
    wanLinks: WanLinksRepository;
  },
) {
  const demoInUse = async () => (await deps.controller.get())?.demo ?? false;

  async function left(): Promise<DemoLeft> {
    const customers = await deps.contracts.demoMade();
    const sites = await deps.sites.unplaced([...new Set(customers.flatMap((c) => c.siteIds))]);
    return {
      demoInUse: await demoInUse(),
      sites: sites.map((s) => ({ idname: s.idname, sitename: s.sitename })),
      customers: customers.map((c) => ({ numContract: c.numContract, clientName: c.clientName })),
      wanSites: await deps.wanLinks.named(sites.map((s) => s.sitename)),
    };
  }

  async function remove(ctx: RequestContext): Promise<DemoRemoved> {
    if (await demoInUse()) throw new ConflictError('demoInUse');
    try {
      return await core.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const customers = await deps.contracts.demoMade(tx);
        const siteIds = [...new Set(customers.flatMap((c) => c.siteIds))];
        const removedCustomers = await deps.contracts.deleteMany(
          customers.map((c) => c.id),
          tx,
        );
        const sites = await deps.sites.deleteUnplaced(siteIds, tx);
        const wanSites = await deps.wanLinks.removeNamed(
          sites.map((s) => s.sitename),
          tx,
        );
        const removed = { sites: sites.length, customers: removedCustomers, wanSites };
        await core.audit.record(
          'demo.removed',
          ctx,
          {
            details: {
              ...removed,
              customerNumbers: customers.map((c) => c.numContract),
              siteNames: sites.map((s) => s.idname),
            },
          },
          tx,
        );
        return removed;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new ConflictError('demoDataInUse');
      throw err;
    }
  }

  const routes: Area['routes'] = async (api) =>
    serve(api, demoRoutes, {
      'GET /it4u/demo': () => left(),
      'DELETE /it4u/demo': (request) => remove(contextOf(request)),
    });
  return { routes, demoInUse };
}
