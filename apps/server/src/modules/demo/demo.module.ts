import type { DemoLeft, DemoRemoved } from '@it4u/shared';
import { demoRoutes } from '@it4u/shared/routes';
import type { Db } from '../../db/client.ts';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import { toDeviceIds } from '../../integrations/unifi/unifi.map.ts';
import { contextOf, type RequestContext } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { Area, Core } from '../../lib/module.ts';
import { eachAtOnce } from '../../lib/pool.ts';
import { serve } from '../../lib/serve.ts';
import { isForeignKeyViolation } from '../../lib/sql.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { SitesRepository } from '../sites/sites.repository.ts';
import type { DemoCustomer, DemoWarehouse } from '../supplies/supplies.demo.ts';
import type { WanLinksRepository } from '../wanLinks/wanLinks.repository.ts';

/** How many sites' devices the demo's warehouse reads at once (a generated fleet has thousands). */
const DEVICE_READS_AT_ONCE = 6;

/**
 * The demo's data, and leaving the demo. What the demo made: its customers (DEMO-001 …, made for its sites on the
 * first start), their sites while they are on no controller (a sync of a real controller that has a site of the same
 * short name takes it over, and it is no longer the demo's), the WAN history of those sites' names (the demo
 * routers'), and its warehouse (the access points of its sites, issued to their customers). Once a real controller is
 * in use an administrator removes them in one step, audited; the demo routers stop by themselves when the demo
 * controller is no longer the one in use.
 */
export function demoModule(
  core: Core,
  deps: {
    controller: ControllerProvider;
    contracts: ContractsRepository;
    sites: SitesRepository;
    wanLinks: WanLinksRepository;
    warehouse: DemoWarehouse;
    now: () => number;
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
      stockRecords: await deps.warehouse.count(),
    };
  }

  /**
   * On the first start, once its customers are made: the demo's warehouse, from the access points its controller
   * lists for each customer's sites. Answers how many stock-outs it made (none when the warehouse had records).
   */
  async function addWarehouse(): Promise<number> {
    const entry = await deps.controller.get();
    if (!entry?.demo) return 0;
    const customers = await deps.contracts.demoMade();
    const sites = await deps.sites.all();
    const idnameOf = new Map(sites.map((s) => [s.id, s.idname]));
    const made: DemoCustomer[] = customers.map((c) => ({ contractId: c.id, devices: [] }));
    await eachAtOnce(made, DEVICE_READS_AT_ONCE, async (customer) => {
      const siteIds = customers.find((c) => c.id === customer.contractId)?.siteIds ?? [];
      for (const id of siteIds) {
        const idname = idnameOf.get(id);
        if (!idname) continue;
        // a site whose devices could not be read is left out of the demo's warehouse, not the whole warehouse
        const devices = await entry.controller.devices(idname).catch(() => []);
        customer.devices.push(...toDeviceIds(devices));
      }
    });
    return deps.warehouse.add(made, deps.now());
  }

  async function remove(ctx: RequestContext): Promise<DemoRemoved> {
    if (await demoInUse()) throw new ConflictError('demoInUse');
    try {
      return await core.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const stockRecords = await deps.warehouse.remove(tx);
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
        const removed = { sites: sites.length, customers: removedCustomers, wanSites, stockRecords };
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
  return { routes, demoInUse, addWarehouse };
}
