import type { Contract, SegmentCounts } from '@it4u/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contractSites, contracts } from '../../db/schema.ts';
import {
  chunks,
  containsAny,
  containsPattern,
  foldedContains,
  foldedRank,
  pageOf,
  rowsOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';
import { siteListOf, siteRefJoin, siteRefNamed } from '../sites/siteRefs.ts';
import { DEMO_CONTRACT_NUMBER } from './contractRefs.ts';

export type ContractValues = Omit<Contract, 'id' | 'sitename'>;

type Row = {
  id: number;
  custom_id: string;
  num_contract: string;
  client_name: string;
  company_name: string;
  phone: string;
  street: string;
  service_plans: string;
  segment: string;
  sites: { sitename: string; idname: string }[] | string;
  total?: string | number;
};

const toContract = (r: Row): Contract => ({
  id: r.id,
  customId: r.custom_id,
  numContract: r.num_contract,
  clientName: r.client_name,
  companyName: r.company_name,
  phone: r.phone,
  street: r.street,
  servicePlans: r.service_plans,
  segment: r.segment,
  sitename: typeof r.sites === 'string' ? JSON.parse(r.sites) : r.sites,
});

const SELECT = sql`select c.id, c.custom_id, c.num_contract, c.client_name, c.company_name, c.phone, c.street,
  c.service_plans, c.segment,
  ${siteListOf(sql`contract_sites cs`, sql`cs.site_id`, sql`cs.contract_id = c.id`)} as sites`;

/** A site's customers and contract numbers. */
export type SiteOwners = { customers: string[]; contracts: string[] };

/** What a write does in its own transaction besides (its audit line). */
type Inside = (tx: Db, id: number) => Promise<unknown>;

export function createContractsRepository(db: Db) {
  return {
    /**
     * A page of contracts, by customer name. With `ownSites` (a customer's short names of their sites): only the
     * contracts covering some site, all of them among those.
     */
    async page(
      q: string | undefined,
      offset: number,
      limit: number,
      ownSites?: string[],
    ): Promise<{ items: Contract[]; total: number }> {
      const text = containsAny(q, ['c.num_contract', 'c.client_name', 'c.company_name', 'c.phone', 'c.street']);
      const where = ownSites
        ? sql`${text} and exists (select 1 from contract_sites x where x.contract_id = c.id)
          and not exists (select 1 from contract_sites x join sites s on s.id = x.site_id
            where x.contract_id = c.id and not (s.idname = any(${sql.param(ownSites)}::text[])))`
        : text;
      const rows = rowsOf<Row>(
        await db.execute(sql`${SELECT}, count(*) over() as total from contracts c where ${where}
          order by c.client_name, c.id limit ${limit} offset ${offset}`),
      );
      if (rows.length === 0 && offset > 0) {
        const [c] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from contracts c where ${where}`),
        );
        return { items: [], total: Number(c?.n ?? 0) };
      }
      return { items: rows.map(toContract), total: Number(rows[0]?.total ?? 0) };
    },

    /**
     * Contracts (id and number as registered) by contract number, compared without case; keys lower case. Read on
     * `within` when given (the caller's transaction).
     */
    async byNumbers(numbers: string[], within: Db = db): Promise<Map<string, { id: number; numContract: string }>> {
      const map = new Map<string, { id: number; numContract: string }>();
      if (numbers.length === 0) return map;
      const lower = [...new Set(numbers.map((n) => n.toLowerCase()))];
      const rows = await within
        .select({ id: contracts.id, numContract: contracts.numContract })
        .from(contracts)
        .where(sql`lower(${contracts.numContract}) = any(${sql.param(lower)}::text[])`);
      for (const r of rows) map.set(r.numContract.toLowerCase(), r);
      return map;
    },

    async find(id: number): Promise<Contract | undefined> {
      const [row] = rowsOf<Row>(await db.execute(sql`${SELECT} from contracts c where c.id = ${id}`));
      return row ? toContract(row) : undefined;
    },

    /** Contracts whose customer name or number contains x, for pickers. */
    async search(x: string, limit = 50): Promise<Contract[]> {
      const p = containsPattern(x.trim());
      const rows = rowsOf<Row>(
        await db.execute(sql`${SELECT} from contracts c
          where c.client_name ilike ${p} or c.num_contract ilike ${p}
          order by (lower(c.num_contract) = lower(${x.trim()})) desc, c.client_name, c.id limit ${limit}`),
      );
      return rows.map(toContract);
    },

    async clientNames(): Promise<string[]> {
      const rows = rowsOf<{ client_name: string }>(
        await db.execute(sql`select distinct client_name from contracts where client_name <> '' order by client_name`),
      );
      return rows.map((r) => r.client_name);
    },

    /**
     * Contracts whose customer, number, company or phone holds the folded words (the search box), with `ownSites` a
     * customer's own only (as `page`).
     */
    async searchFolded(terms: SearchTerms, page: SearchPage, ownSites?: string[]): Promise<Contract[]> {
      const own = ownSites
        ? sql`and exists (select 1 from contract_sites x where x.contract_id = c.id)
          and not exists (select 1 from contract_sites x join sites s on s.id = x.site_id
            where x.contract_id = c.id and not (s.idname = any(${sql.param(ownSites)}::text[])))`
        : sql``;
      // the matches first, from the trigram index, then their order (the name's index would fold row after row)
      const rows = await searchRows<Row>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from contracts where ${foldedContains(terms)})
          ${SELECT} from contracts c join m on m.id = c.id where true ${own}
          order by m.rank, c.client_name, c.id ${pageOf(page)}`,
      );
      return rows.map(toContract);
    },

    /** Customers (distinct names, without case) per segment, by segment. */
    async segmentCounts(): Promise<SegmentCounts> {
      const rows = rowsOf<{ segment: string; customers: number }>(
        await db.execute(
          sql`select segment, count(distinct lower(client_name))::int as customers from contracts group by segment order by segment`,
        ),
      );
      return rows.map((r) => ({ segment: r.segment, customers: Number(r.customers) }));
    },

    /** Each site's customers and contract numbers (the site selectors search them), by site id. */
    /** The first contract of each site that has one, by the site's short name. */
    async contractBySite(): Promise<Map<string, number>> {
      const rows = rowsOf<{ idname: string; contract_id: number }>(
        await db.execute(sql`select s.idname, min(cs.contract_id) as contract_id
          from contract_sites cs join sites s on s.id = cs.site_id group by s.idname`),
      );
      return new Map(rows.map((r) => [r.idname, Number(r.contract_id)]));
    },

    async ownersBySite(): Promise<Map<number, SiteOwners>> {
      const rows = rowsOf<{ site_id: number; customers: string[]; contracts: string[] }>(
        await db.execute(sql`select cs.site_id, array_agg(distinct c.client_name) as customers,
            array_agg(distinct c.num_contract) as contracts
          from contract_sites cs join contracts c on c.id = cs.contract_id group by cs.site_id`),
      );
      return new Map(rows.map((r) => [Number(r.site_id), { customers: r.customers, contracts: r.contracts }]));
    },

    /** The contract linked to a site, found by the site's id (idname) or description (sitename). */
    async bySite(site: string): Promise<Contract | undefined> {
      const [row] = rowsOf<Row>(
        await db.execute(sql`${SELECT} from contracts c
          join contract_sites cs on cs.contract_id = c.id ${siteRefJoin(sql`cs.site_id`, 'inner')}
          where ${siteRefNamed(site)} order by c.id limit 1`),
      );
      return row ? toContract(row) : undefined;
    },

    /** Adds a contract with its sites; `inside` runs in the same transaction (its audit line). */
    async insert(values: ContractValues, siteIds: number[], inside?: Inside): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
        if (!row) throw new Error('insert returned nothing');
        if (siteIds.length) {
          await tx.insert(contractSites).values(siteIds.map((siteId) => ({ contractId: row.id, siteId })));
        }
        await inside?.(tx, row.id);
        return row.id;
      });
    },

    /**
     * Adds contracts named by an import (number, customer, address), in the caller's transaction (`within`): all or
     * nothing. Answers number (lower case) → id.
     */
    async insertNumbers(
      values: { numContract: string; clientName: string; street: string }[],
      within: Db,
    ): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const chunk of chunks(values)) {
        const rows = await within
          .insert(contracts)
          .values(chunk)
          .returning({ id: contracts.id, numContract: contracts.numContract });
        for (const r of rows) ids.set(r.numContract.toLowerCase(), r.id);
      }
      return ids;
    },

    /** Changes a contract (and its sites when given); `inside` runs in the same transaction (its audit line). */
    async update(id: number, values: ContractValues, siteIds: number[] | undefined, inside?: Inside): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.update(contracts).set(values).where(eq(contracts.id, id)).returning({ id: contracts.id });
        if (rows.length === 0) return false;
        if (siteIds) {
          await tx.delete(contractSites).where(eq(contractSites.contractId, id));
          if (siteIds.length)
            await tx.insert(contractSites).values(siteIds.map((siteId) => ({ contractId: id, siteId })));
        }
        await inside?.(tx, id);
        return true;
      });
    },

    /**
     * Deletes a contract (its sites' links with it). A contract still named by another area's rows (stock-outs,
     * channel details) is kept by their foreign keys (`on delete restrict`): the delete fails with a foreign-key
     * violation.
     */
    /** The customers the demo made (numbers DEMO-001 …), with the ids of their sites. */
    async demoMade(
      within: Db = db,
    ): Promise<{ id: number; numContract: string; clientName: string; siteIds: number[] }[]> {
      return rowsOf<{ id: number; numContract: string; clientName: string; siteIds: number[] }>(
        await within.execute(sql`select c.id, c.num_contract as "numContract", c.client_name as "clientName",
            coalesce(array_agg(cs.site_id) filter (where cs.site_id is not null), '{}') as "siteIds"
          from contracts c left join contract_sites cs on cs.contract_id = c.id
          where c.num_contract ~ ${DEMO_CONTRACT_NUMBER} group by c.id order by c.num_contract`),
      );
    },

    /** Removes these contracts, in the caller's transaction; answers how many. */
    async deleteMany(ids: number[], within: Db): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await within.delete(contracts).where(inArray(contracts.id, ids)).returning({ id: contracts.id });
      return rows.length;
    },

    async delete(id: number, inside?: Inside): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(contracts).where(eq(contracts.id, id)).returning({ id: contracts.id });
        if (rows.length === 1) await inside?.(tx, id);
        return rows.length === 1;
      });
    },
  };
}

export type ContractsRepository = ReturnType<typeof createContractsRepository>;
