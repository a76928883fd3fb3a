import type { Contract } from '@it4u/shared';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { SitesRepository } from '../sites/sites.repository.ts';
import { resolveSiteIds } from '../sites/sites.service.ts';
import type { ContractsRepository, ContractValues } from './contracts.repository.ts';

export const CONTRACT_TAKEN = 'A contract with this number already exists.';
export const CONTRACT_IN_USE = 'This contract is used by stock-out records and cannot be deleted.';

export type ContractInput = Partial<Omit<ContractValues, 'numContract' | 'clientName'>> & {
  numContract: string;
  clientName: string;
  sitename?: string[];
};

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
}: {
  contracts: ContractsRepository;
  sites: SitesRepository;
}) {
  function duplicate(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError(CONTRACT_TAKEN, 'numContract');
    throw err;
  }

  async function mustGet(id: number): Promise<Contract> {
    const contract = await contracts.find(id);
    if (!contract) throw new NotFoundError('Contract not found.');
    return contract;
  }

  return {
    page: (q: string | undefined, page: number, pageSize: number) => contracts.page(q, (page - 1) * pageSize, pageSize),
    get: mustGet,
    search: (x: string) => contracts.search(x),
    clientNames: () => contracts.clientNames(),

    async bySite(site: string) {
      const contract = await contracts.bySite(site.trim());
      if (!contract) throw new NotFoundError('No contract is linked to this site.');
      return { companyName: contract.companyName, phone: contract.phone, servicePlan: contract.servicePlans };
    },

    async create(input: ContractInput): Promise<Contract> {
      const ids = (await resolveSiteIds(sites, input.sitename)) ?? [];
      const id = await contracts.insert(valuesOf(input), ids).catch(duplicate);
      return mustGet(id);
    },

    async update(id: number, input: ContractInput): Promise<Contract> {
      const ids = await resolveSiteIds(sites, input.sitename);
      const ok = await contracts.update(id, valuesOf(input), ids).catch(duplicate);
      if (!ok) throw new NotFoundError('Contract not found.');
      return mustGet(id);
    },

    async remove(id: number): Promise<void> {
      await mustGet(id);
      if (await contracts.usedByStock(id)) throw new ConflictError(CONTRACT_IN_USE);
      await contracts.delete(id);
    },
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
