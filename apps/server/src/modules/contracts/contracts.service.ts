import type { Contract, ContractInput } from '@it4u/shared';
import { type Audit, changes } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { ContractsRepository, ContractValues } from './contracts.repository.ts';

export function valuesOf(input: ContractInput): ContractValues {
  return {
    customId: input.customId?.trim() ?? '',
    numContract: input.numContract.trim(),
    clientName: input.clientName.trim(),
    companyName: input.companyName?.trim() ?? '',
    phone: input.phone?.trim() ?? '',
    street: input.street?.trim() ?? '',
    servicePlans: input.servicePlans?.trim() ?? '',
    segment: input.segment?.trim() ?? '',
  };
}

export function createContractsService({
  contracts,
  sites,
  audit,
}: {
  contracts: ContractsRepository;
  sites: SitesService;
  audit: Audit;
}) {
  /** A contract as its audit lines say it: its fields and its sites (their ids). */
  const audited = (values: ContractValues, sitesNamed: string[] | undefined) => ({
    ...values,
    ...(sitesNamed ? { sites: sitesNamed } : {}),
  });
  const named = (input: ContractInput) => input.sitename?.map((s) => (typeof s === 'string' ? s : s.idname));
  const siteIds = (input: ContractInput) =>
    sites.idsOf(input.sitename?.map((s) => (typeof s === 'string' ? s : s.idname)));

  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError('contractTaken', 'numContract');
    throw err;
  }

  function inUse(err: unknown): never {
    if (isForeignKeyViolation(err)) throw new ConflictError('contractInUse');
    throw err;
  }

  async function mustGet(id: number): Promise<Contract> {
    const contract = await contracts.find(id);
    if (!contract) throw new NotFoundError('contractNotFound');
    return contract;
  }

  return {
    page: (q: string | undefined, page: number, pageSize: number) => contracts.page(q, (page - 1) * pageSize, pageSize),
    get: mustGet,
    search: (x: string) => contracts.search(x),
    clientNames: () => contracts.clientNames(),

    async bySite(site: string) {
      const contract = await contracts.bySite(site.trim());
      if (!contract) throw new NotFoundError('noContractForSite');
      return { companyName: contract.companyName, phone: contract.phone, servicePlan: contract.servicePlans };
    },

    /** Every write is audited in its own transaction: the contract and its audit line, both or neither. */
    async create(input: ContractInput, ctx: RequestContext): Promise<Contract> {
      const ids = (await siteIds(input)) ?? [];
      const values = valuesOf(input);
      const id = await contracts
        .insert(values, ids, (tx, newId) =>
          audit.record(
            'contract.create',
            ctx,
            { target: `contract:${newId}`, details: audited(values, named(input) ?? []) },
            tx,
          ),
        )
        .catch(duplicate);
      return mustGet(id);
    },

    async update(id: number, input: ContractInput, ctx: RequestContext): Promise<Contract> {
      const before = await mustGet(id);
      const ids = await siteIds(input);
      const values = valuesOf(input);
      const was = audited(valuesOf(before), ids ? before.sitename.map((s) => s.idname) : undefined);
      const ok = await contracts
        .update(id, values, ids, (tx) =>
          audit.record(
            'contract.update',
            ctx,
            {
              target: `contract:${id}`,
              details: { changed: changes(was, audited(values, ids ? named(input) : undefined)) },
            },
            tx,
          ),
        )
        .catch(duplicate);
      if (!ok) throw new NotFoundError('contractNotFound');
      return mustGet(id);
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      const before = await mustGet(id);
      // stock-outs and channel details keep the contracts they name (their foreign keys refuse the delete)
      await contracts
        .delete(id, (tx) =>
          audit.record(
            'contract.delete',
            ctx,
            { target: `contract:${id}`, details: { numContract: before.numContract, clientName: before.clientName } },
            tx,
          ),
        )
        .catch(inUse);
    },

    /**
     * On a first start with the demo controller, an empty register gets a customer per demo site (not `default`),
     * each with its segment, so that a newcomer's overview has customers to count. Answers how many were added.
     */
    async addDemo(demoSites: { sitename: string; idname: string }[]): Promise<number> {
      if ((await contracts.page(undefined, 0, 1)).total > 0) return 0;
      const customers = demoSites.filter((s) => s.idname !== 'default');
      for (const [i, site] of customers.entries()) {
        const number = `DEMO-${String(i + 1).padStart(3, '0')}`;
        const values = {
          numContract: number,
          customId: number,
          clientName: site.sitename,
          segment: demoSegment(site.sitename),
        };
        await contracts.insert(valuesOf(values), (await siteIds({ ...values, sitename: [site.idname] })) ?? []);
      }
      return customers.length;
    },
  };
}

const DEMO_SEGMENTS: [RegExp, string][] = [
  [/khách sạn|hotel|resort/i, 'Khách sạn'],
  [/cafe|cà phê|nhà hàng|quán/i, 'Nhà hàng - Cafe'],
  [/trường|school/i, 'Giáo dục'],
];

/** A demo customer's segment, from its site's name (a register's segment is free text, written by staff). */
function demoSegment(name: string): string {
  return DEMO_SEGMENTS.find(([pattern]) => pattern.test(name))?.[1] ?? 'Doanh nghiệp';
}

export type ContractsService = ReturnType<typeof createContractsService>;
