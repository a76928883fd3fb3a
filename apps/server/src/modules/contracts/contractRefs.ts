import type { ContractRef, DeviceContract } from '@it4u/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The contract another area's row names (a stock-out, a channel detail, a customer's device information), as that
 * area's query reads it: the join, the columns and their mapping are the contracts area's, so that only this area
 * writes SQL naming the columns of `contracts`. A query joins with `contractRefJoin(its contract_id column)`,
 * selects `contractRefColumns`, searches or sorts by `contractRefColumn(field)`, and maps its row with
 * `contractRefOf` (or `deviceContractOf`, which adds the phone).
 */

/** The alias of the joined contract, unlike any other area's. */
const ALIAS = 'contract_ref';

const COLUMNS = {
  customId: 'custom_id',
  numContract: 'num_contract',
  clientName: 'client_name',
  phone: 'phone',
  street: 'street',
  servicePlans: 'service_plans',
} as const;

export type ContractRefField = keyof typeof COLUMNS;

/** A joined contract's column, as a trusted SQL name (for a search, `containsAny`, or an order). */
export const contractRefColumn = (field: ContractRefField): string => `${ALIAS}.${COLUMNS[field]}`;

/** The joined contract's columns, for the select list (its id as `contract_id`, null when there is none). */
export const contractRefColumns: SQL = sql.raw(
  [`${ALIAS}.id as contract_id`, ...Object.values(COLUMNS).map((c) => `${ALIAS}.${c}`)].join(', '),
);

/** The left join of the contract a row names by its contract column (e.g. sql`r.contract_id`). */
export const contractRefJoin = (contractId: SQL): SQL =>
  sql`left join contracts ${sql.raw(ALIAS)} on ${sql.raw(ALIAS)}.id = ${contractId}`;

/** The alias of the joined customer who owns a site. */
const OWNER = 'site_owner';

/**
 * The left join of the customer owning a site (e.g. the WAN links report's customer sites): the client of the first
 * contract (by id) covering the site whose id is `siteId`. A join of whole tables (a hash join), not a lookup a row;
 * the customer's name is `siteOwnerColumn`.
 */
export const siteOwnerJoin = (siteId: SQL): SQL =>
  sql`left join (select distinct on (x.site_id) x.site_id, c.id, c.client_name from contract_sites x
    join contracts c on c.id = x.contract_id order by x.site_id, c.id) ${sql.raw(OWNER)} on ${sql.raw(OWNER)}.site_id = ${siteId}`;

/**
 * The same customer as `siteOwnerJoin` finds, looked up a row (for a few rows: a page of a search). Its columns:
 * `alias`.id (the contract), .client_name.
 */
export const siteOwnerLookup = (siteId: SQL, alias: string): SQL =>
  sql`left join lateral (select c.id, c.client_name from contract_sites x join contracts c on c.id = x.contract_id
    where x.site_id = ${siteId} order by c.id limit 1) ${sql.raw(alias)} on true`;

/** The name of the customer `siteOwnerJoin` found (null when none). */
export const siteOwnerColumn: SQL = sql.raw(`${OWNER}.client_name`);

/** The id of the contract `siteOwnerJoin` found (null when none): the customer's page. */
export const siteOwnerIdColumn: SQL = sql.raw(`${OWNER}.id`);

/** The columns `contractRefColumns` adds to a row. */
export type ContractRefRow = {
  contract_id: number | null;
  custom_id: string | null;
  num_contract: string | null;
  client_name: string | null;
  phone: string | null;
  street: string | null;
  service_plans: string | null;
};

/** The contract a row names, or null. */
export const contractRefOf = (r: ContractRefRow): ContractRef | null =>
  r.contract_id === null
    ? null
    : {
        id: r.contract_id,
        customId: r.custom_id ?? '',
        numContract: r.num_contract ?? '',
        clientName: r.client_name ?? '',
        street: r.street ?? '',
        servicePlans: r.service_plans ?? '',
      };

/** The contract a device information row names, with the customer's phone, or null. */
export const deviceContractOf = (r: ContractRefRow): DeviceContract | null => {
  const ref = contractRefOf(r);
  return ref && { ...ref, phone: r.phone ?? '' };
};

/** Whether a contract covers a site (each an SQL expression, e.g. sql`r.contract_id` and sql`s.site_id`). */
export const contractCoversSite = (contractId: SQL, siteId: SQL): SQL =>
  sql`exists (select 1 from contract_sites x where x.contract_id = ${contractId} and x.site_id = ${siteId})`;

/** Whether some customer's contract covers a site. */
export const siteHasCustomer = (siteId: SQL): SQL =>
  sql`exists (select 1 from contract_sites x where x.site_id = ${siteId})`;

/** The numbers of the customers the demo made (DEMO-001 …), as a PostgreSQL pattern. */
export const DEMO_CONTRACT_NUMBER = '^DEMO-[0-9]{3}$';

/** Whether a contract is one the demo made. */
export const isDemoContract = (contractId: SQL): SQL =>
  sql`exists (select 1 from contracts x where x.id = ${contractId} and x.num_contract ~ ${DEMO_CONTRACT_NUMBER})`;
