import type { Contract, ContractInput } from '@it4u/shared';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
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

export function createContractsService({ contracts, sites }: { contracts: ContractsRepository; sites: SitesService }) {
  const siteIds = (input: ContractInput) =>
    sites.idsOf(input.sitename?.map((s) => (typeof s === 'string' ? s : s.idname)));

  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError('contractTaken', 'numContract');
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

    async create(input: ContractInput): Promise<Contract> {
      const ids = (await siteIds(input)) ?? [];
      const id = await contracts.insert(valuesOf(input), ids).catch(duplicate);
      return mustGet(id);
    },

    async update(id: number, input: ContractInput): Promise<Contract> {
      const ids = await siteIds(input);
      const ok = await contracts.update(id, valuesOf(input), ids).catch(duplicate);
      if (!ok) throw new NotFoundError('contractNotFound');
      return mustGet(id);
    },

    async remove(id: number): Promise<void> {
      await mustGet(id);
      if (await contracts.usedByStock(id)) throw new ConflictError('contractInUse');
      await contracts.delete(id);
    },
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
