import {
  DEVICE_SECRET_FIELDS,
  DEVICE_SECRET_MASK,
  DEVICE_TEXT_FIELD_NAMES,
  type DeviceInfo,
  type DeviceSecretField,
  type DeviceTextField,
} from '@it4u/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceInfo } from '../../db/schema.ts';
import {
  containsPattern,
  foldedContains,
  foldedRank,
  pageOf,
  rowsOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';
import {
  type ContractRefRow,
  contractRefColumn,
  contractRefColumns,
  contractRefJoin,
  deviceContractOf,
} from '../contracts/contractRefs.ts';
import { type SiteRefRow, siteRefColumn, siteRefColumns, siteRefJoin } from '../sites/siteRefs.ts';

export type DeviceTexts = Record<DeviceTextField, string>;
/** field → encrypted password, for the passwords stored */
export type DeviceSecrets = Partial<Record<DeviceSecretField, string>>;
/** How another area names a row: its customer and its site's short name. */
export type DeviceLabel = { customer: string; site: string };
export type DeviceValues = {
  contractId: number | null;
  siteId: number | null;
  fields: DeviceTexts;
  secrets: DeviceSecrets;
};

type Row = ContractRefRow &
  SiteRefRow & {
    id: number;
    site_id: number | null;
    fields: DeviceTexts | string;
    secrets: DeviceSecrets | string;
    updated_at: Date | string;
  };

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** A stored row as the API lists it: its passwords masked. */
function toDeviceInfo(r: Row): DeviceInfo {
  const fields = json(r.fields);
  const secrets = json(r.secrets);
  return {
    id: r.id,
    contract: deviceContractOf(r),
    sitename: r.site_id === null ? null : { id: r.site_id, sitename: r.sitename ?? '', idname: r.idname ?? '' },
    ...(Object.fromEntries(DEVICE_TEXT_FIELD_NAMES.map((f) => [f, fields[f] ?? ''])) as DeviceTexts),
    ...(Object.fromEntries(DEVICE_SECRET_FIELDS.map((f) => [f, secrets[f] ? DEVICE_SECRET_MASK : ''])) as Record<
      DeviceSecretField,
      string
    >),
    updatedAt: new Date(r.updated_at).getTime(),
  };
}

/** The search column: every text field's value, lower case. */
const searchText = (fields: DeviceTexts) =>
  DEVICE_TEXT_FIELD_NAMES.map((f) => fields[f])
    .filter(Boolean)
    .join('\n')
    .toLowerCase();

/** A row's tables: its customer's contract and its site. */
const TABLES = sql`device_info d ${contractRefJoin(sql`d.contract_id`)} ${siteRefJoin(sql`d.site_id`)}`;

const SELECT = sql`select d.id, d.site_id, d.fields, d.secrets, d.updated_at, ${contractRefColumns},
  ${siteRefColumns} from ${TABLES}`;

/** The customer's and the site's columns a search looks in. */
const CUSTOMER_SEARCH = (['clientName', 'numContract', 'phone', 'servicePlans'] as const).map(contractRefColumn);
const SITE_SEARCH = (['sitename', 'idname'] as const).map(siteRefColumn);

/** Rows whose text, customer or site holds q (any case). */
function matching(q: string | undefined) {
  const text = q?.trim() ?? '';
  if (!text) return sql`true`;
  const p = containsPattern(text.toLowerCase());
  const others = [...CUSTOMER_SEARCH, ...SITE_SEARCH].map((c) => sql`${sql.raw(c)} ilike ${p}`);
  return sql`(d.search like ${p} or ${sql.join(others, sql` or `)})`;
}

export function createDeviceInfoRepository(db: Db) {
  const values = (v: DeviceValues) => ({
    contractId: v.contractId,
    siteId: v.siteId,
    fields: v.fields,
    secrets: v.secrets,
    search: searchText(v.fields),
  });
  return {
    /** A page of rows grouped by customer (customer name, then the order they were added). */
    async page(q: string | undefined, offset: number, limit: number): Promise<{ items: DeviceInfo[]; total: number }> {
      const [rows, counted] = await Promise.all([
        db.execute(sql`${SELECT} where ${matching(q)}
          order by lower(${sql.raw(contractRefColumn('clientName'))}) nulls last, d.id limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as n from ${TABLES} where ${matching(q)}`),
      ]);
      const total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
      return { items: rowsOf<Row>(rows).map(toDeviceInfo), total };
    },

    /** Rows whose text fields (addresses, models, providers) hold the folded words (the search box). */
    async searchFolded(terms: SearchTerms, page: SearchPage): Promise<DeviceInfo[]> {
      const rows = await searchRows<Row>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from device_info where ${foldedContains(terms)})
          ${SELECT} join m on m.id = d.id order by m.rank, d.id ${pageOf(page)}`,
      );
      return rows.map(toDeviceInfo);
    },

    /** The rows of a customer (a contract), in the order they were added. */
    async ofContract(contractId: number, limit: number): Promise<DeviceInfo[]> {
      const rows = await db.execute(sql`${SELECT} where d.contract_id = ${contractId} order by d.id limit ${limit}`);
      return rowsOf<Row>(rows).map(toDeviceInfo);
    },

    async find(id: number): Promise<DeviceInfo | undefined> {
      const [row] = rowsOf<Row>(await db.execute(sql`${SELECT} where d.id = ${id}`));
      return row ? toDeviceInfo(row) : undefined;
    },

    /**
     * The rows' labels, by id: their customer (the contract's client, '' without one) and their site (its short name,
     * '' without one). Rows not found are left out.
     */
    async labels(ids: number[]): Promise<Map<number, DeviceLabel>> {
      const labels = new Map<number, DeviceLabel>();
      if (ids.length === 0) return labels;
      const rows = rowsOf<{ id: number; customer: string | null; site: string | null }>(
        await db.execute(sql`select d.id, ${sql.raw(contractRefColumn('clientName'))} as customer,
          ${sql.raw(siteRefColumn('idname'))} as site from ${TABLES} where d.id = any(${sql.param(ids)}::int[])`),
      );
      for (const r of rows) labels.set(r.id, { customer: r.customer ?? '', site: r.site ?? '' });
      return labels;
    },

    /** The stored (encrypted) passwords of a row. */
    async secrets(id: number): Promise<DeviceSecrets | undefined> {
      const [row] = await db.select({ secrets: deviceInfo.secrets }).from(deviceInfo).where(eq(deviceInfo.id, id));
      return row ? (row.secrets as DeviceSecrets) : undefined;
    },

    async insert(v: DeviceValues, within: Db = db): Promise<number> {
      const [row] = await within.insert(deviceInfo).values(values(v)).returning({ id: deviceInfo.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    /** Inserts rows by 500, in the caller's transaction (`within`): all or nothing. */
    async insertMany(rows: DeviceValues[], within: Db): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await within.insert(deviceInfo).values(rows.slice(i, i + 500).map(values));
      }
    },

    async update(id: number, v: DeviceValues, within: Db = db): Promise<boolean> {
      const rows = await within
        .update(deviceInfo)
        .set({ ...values(v), updatedAt: new Date() })
        .where(eq(deviceInfo.id, id))
        .returning({ id: deviceInfo.id });
      return rows.length > 0;
    },

    async remove(id: number, within: Db = db): Promise<boolean> {
      const rows = await within.delete(deviceInfo).where(eq(deviceInfo.id, id)).returning({ id: deviceInfo.id });
      return rows.length > 0;
    },

    /** Runs fn in one transaction (the `within` of the writes above): a write and its audit lines, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}

export type DeviceInfoRepository = ReturnType<typeof createDeviceInfoRepository>;
