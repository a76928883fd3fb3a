// Over 300 lines: the SQL of the warehouse's two tables (items and stock records: pages, report, history, imports), which share their select and join fragments.
import type { ReportRow, StockKind, StockRecord, SupplyItem } from '@it4u/shared';
import { IN_USE_STATUS, MOVED_STATUS } from '@it4u/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stockRecords, supplyItems } from '../../db/schema.ts';
import {
  chunks,
  containsAny,
  foldedContains,
  foldedRank,
  hasRow,
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
  contractRefOf,
} from '../contracts/contractRefs.ts';

/** An item's values; an import leaves its minimum (absent) as it is. */
export type ItemValues = Omit<SupplyItem, 'id' | 'minStock'> & { minStock?: number | null };

/** An export's rows at most, and how many are read a statement. */
const EXPORT_MAX = 200_000;
const EXPORT_PAGE = 1_000;

export type RecordValues = {
  exportDate: Date;
  licence: string;
  itemId: number;
  number: number;
  value: number;
  supplier: string;
  serialNum: string;
  mac: string;
  macFormat: string;
  warrantyPeriod: number;
  storageTerm: number;
  warrantyLandmark: Date | null;
  note: string;
  status: string | null;
  contractId: number | null;
};

export type RecordFilter = {
  q?: string;
  fromDate?: number;
  toDate?: number;
  status?: string;
  /** the records of one contract (stock-outs) */
  contractId?: number;
  /** those dated before this time (epoch ms) */
  before?: number;
  offset: number;
  limit: number;
};

type RecordRow = ContractRefRow & {
  id: string | number;
  kind: string;
  export_date: Date | string;
  licence: string;
  item_code: string;
  item_name: string;
  item_id: number | string;
  unit: string;
  number: number;
  value: string | number;
  total_amount: string | number;
  supplier: string;
  serial_num: string;
  mac: string;
  mac_format: string;
  warranty_period: number;
  storage_term: number;
  warranty_landmark: Date | string | null;
  note: string;
  status: string | null;
  created_at: Date | string;
  total?: string | number;
};

/** The lock key of the settling of serials' histories (pg_advisory_xact_lock). */
const SERIALS_LOCK = 7_115_001;

const ms = (d: Date | string) => new Date(d).getTime();

/** Warranty end: the landmark plus the warranty period in calendar months. */
export function warrantyEnd(landmark: number | null, months: number): number | null {
  if (landmark === null) return null;
  const d = new Date(landmark);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

function toRecord(r: RecordRow, now = Date.now()): StockRecord {
  const landmark = r.warranty_landmark === null ? null : ms(r.warranty_landmark);
  const end = warrantyEnd(landmark, r.warranty_period);
  const record: StockRecord = {
    id: Number(r.id),
    exportDate: ms(r.export_date),
    licence: r.licence,
    itemCode: r.item_code,
    itemName: r.item_name,
    listSupplies: { id: Number(r.item_id), itemCode: r.item_code, name: r.item_name, unit: r.unit },
    unit: r.unit,
    number: r.number,
    value: Number(r.value),
    totalAmount: Number(r.total_amount),
    supplier: r.supplier,
    serialNum: r.serial_num,
    mac: r.mac,
    MAC: r.mac,
    macFormat: r.mac_format,
    warrantyPeriod: r.warranty_period,
    storageTerm: r.storage_term,
    warrantyLandmark: landmark,
    warrantyEnd: end,
    underWarranty: end !== null && end >= now,
    note: r.note,
    createdAt: ms(r.created_at),
  };
  if (r.kind === 'out') {
    record.status = (r.status ?? IN_USE_STATUS) as StockRecord['status'];
    record.contract = contractRefOf(r);
  }
  return record;
}

const RECORD_SELECT = sql`select r.id, r.kind, r.export_date, r.licence, i.id as item_id, i.item_code, i.name as item_name, i.unit,
  r.number, r.value, r.total_amount, r.supplier, r.serial_num, r.mac, r.mac_format, r.warranty_period,
  r.storage_term, r.warranty_landmark, r.note, r.status, r.created_at, ${contractRefColumns}`;
const RECORD_JOIN = sql`join supply_items i on i.id = r.item_id ${contractRefJoin(sql`r.contract_id`)}`;
const RECORD_FROM = sql`from stock_records r ${RECORD_JOIN}`;

/** The columns a record's write sets, and their values in the same order. */
const RECORD_COLUMNS = sql`kind, export_date, licence, item_id, number, value, supplier, serial_num, mac, mac_format,
  warranty_period, storage_term, warranty_landmark, note, status, contract_id`;
function recordTuple(kind: StockKind, v: RecordValues) {
  const landmark = v.warrantyLandmark === null ? null : v.warrantyLandmark.toISOString();
  return sql`${kind}, ${v.exportDate.toISOString()}::timestamptz, ${v.licence}, ${v.itemId}::int, ${v.number}::int,
    ${v.value}::numeric, ${v.supplier}, ${v.serialNum}, ${v.mac}, ${v.macFormat}, ${v.warrantyPeriod}::int,
    ${v.storageTerm}::int, ${landmark}::timestamptz, ${v.note}, ${v.status}::text, ${v.contractId}::int`;
}

function recordWhere(kind: StockKind, f: Omit<RecordFilter, 'offset' | 'limit'>) {
  const parts = [sql`r.kind = ${kind}`];
  if (f.fromDate !== undefined) parts.push(sql`r.export_date >= ${new Date(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate !== undefined) parts.push(sql`r.export_date <= ${new Date(f.toDate).toISOString()}::timestamptz`);
  if (f.status) parts.push(sql`coalesce(r.status, ${IN_USE_STATUS}) = ${f.status}`);
  if (f.contractId !== undefined) parts.push(sql`r.contract_id = ${f.contractId}`);
  if (f.before !== undefined) parts.push(sql`r.export_date < ${new Date(f.before).toISOString()}::timestamptz`);
  parts.push(
    containsAny(f.q, [
      'i.item_code',
      'i.name',
      'r.serial_num',
      'r.mac',
      'r.mac_format',
      'r.licence',
      'r.supplier',
      'r.note',
      contractRefColumn('clientName'),
      contractRefColumn('numContract'),
      contractRefColumn('street'),
    ]),
  );
  return sql.join(parts, sql` and `);
}

type ItemRowDb = {
  id: number;
  item_code: string;
  name: string;
  unit: string;
  number: number;
  value: string | number;
  note: string;
  min_stock: number | null;
  total?: string | number;
};
const toItem = (r: ItemRowDb): SupplyItem => ({
  id: r.id,
  itemCode: r.item_code,
  name: r.name,
  unit: r.unit,
  number: r.number,
  value: Number(r.value),
  note: r.note,
  minStock: r.min_stock,
});

export function createSuppliesRepository(db: Db) {
  return {
    // ---- catalogue ----
    async itemPage(
      q: string | undefined,
      offset: number,
      limit: number,
    ): Promise<{ items: SupplyItem[]; total: number }> {
      const where = containsAny(q, ['item_code', 'name', 'unit', 'note']);
      const [rows, [count]] = await Promise.all([
        db.execute(sql`select id, item_code, name, unit, number, value, note, min_stock from supply_items where ${where}
          order by item_code, id limit ${limit} offset ${offset}`),
        db
          .execute(sql`select count(*)::int as n from supply_items where ${where}`)
          .then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { items: rowsOf<ItemRowDb>(rows).map(toItem), total: Number(count?.n ?? 0) };
    },

    async findItem(id: number, tx: Db = db): Promise<SupplyItem | undefined> {
      const [row] = rowsOf<ItemRowDb>(
        await tx.execute(
          sql`select id, item_code, name, unit, number, value, note, min_stock from supply_items where id = ${id}`,
        ),
      );
      return row ? toItem(row) : undefined;
    },

    async itemsByCode(codes: string[]): Promise<Map<string, SupplyItem>> {
      const map = new Map<string, SupplyItem>();
      if (codes.length === 0) return map;
      const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
      const rows = rowsOf<ItemRowDb>(
        await db.execute(sql`select id, item_code, name, unit, number, value, note, min_stock from supply_items
          where lower(item_code) = any(${sql.param(lower)}::text[])`),
      );
      for (const r of rows) map.set(r.item_code.toLowerCase(), toItem(r));
      return map;
    },

    async insertItem(values: ItemValues, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(supplyItems).values(values).returning({ id: supplyItems.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async updateItem(id: number, values: ItemValues, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(supplyItems)
        .set(values)
        .where(eq(supplyItems.id, id))
        .returning({ id: supplyItems.id });
      return rows.length === 1;
    },

    async deleteItem(id: number, tx: Db = db): Promise<boolean> {
      const rows = await tx.delete(supplyItems).where(eq(supplyItems.id, id)).returning({ id: supplyItems.id });
      return rows.length === 1;
    },

    itemInUse: (id: number): Promise<boolean> => hasRow(db, stockRecords, stockRecords.itemId, id),

    /** The catalogue items with a minimum whose stock on hand is below it. */
    async belowMinimum(): Promise<{ id: number; itemCode: string; name: string; onHand: number; minStock: number }[]> {
      const rows = rowsOf<{ id: number; item_code: string; name: string; on_hand: string | number; min_stock: number }>(
        await db.execute(sql`select i.id, i.item_code, i.name, i.min_stock,
            i.number + coalesce(sum(case when r.kind = 'in' then r.number else -r.number end), 0) as on_hand
          from supply_items i left join stock_records r on r.item_id = i.id
          where i.min_stock is not null group by i.id
          having i.number + coalesce(sum(case when r.kind = 'in' then r.number else -r.number end), 0) < i.min_stock`),
      );
      return rows.map((r) => ({
        id: r.id,
        itemCode: r.item_code,
        name: r.name,
        onHand: Number(r.on_hand),
        minStock: r.min_stock,
      }));
    },

    /** Opening quantity + everything stocked in − everything stocked out. */
    async onHand(itemId: number): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(
        await db.execute(sql`select i.number + coalesce(sum(case when r.kind = 'in' then r.number else -r.number end), 0) as n
          from supply_items i left join stock_records r on r.item_id = i.id where i.id = ${itemId} group by i.id`),
      );
      return Number(row?.n ?? 0);
    },

    // ---- stock in and stock out ----
    /**
     * Stock-outs whose serial or MAC holds the folded words (the search box), newest first; `contracts`: of these
     * contracts only.
     */
    async searchOut(terms: SearchTerms, page: SearchPage, contracts?: number[]): Promise<StockRecord[]> {
      const rows = await searchRows<RecordRow>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from stock_records where ${foldedContains(terms)})
          ${RECORD_SELECT} ${RECORD_FROM} join m on m.id = r.id where r.kind = 'out'
          ${contracts ? sql`and r.contract_id = any(${sql.param(contracts)}::int[])` : sql``}
          order by m.rank, r.export_date desc, r.id desc ${pageOf(page)}`,
      );
      return rows.map((r) => toRecord(r));
    },

    async recordRows(kind: StockKind, f: RecordFilter): Promise<StockRecord[]> {
      const rows = rowsOf<RecordRow>(
        await db.execute(sql`${RECORD_SELECT} ${RECORD_FROM} where ${recordWhere(kind, f)}
          order by r.export_date desc, r.id desc limit ${f.limit} offset ${f.offset}`),
      );
      const now = Date.now();
      return rows.map((r) => toRecord(r, now));
    },

    async recordCount(kind: StockKind, f: Omit<RecordFilter, 'offset' | 'limit'>): Promise<number> {
      // Without a search text the count needs no join, and an index-only scan answers it.
      const from = f.q?.trim() ? RECORD_FROM : sql`from stock_records r`;
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n ${from} where ${recordWhere(kind, f)}`),
      );
      return Number(row?.n ?? 0);
    },

    /** Every record of the kind matching the filter, oldest first (for exports). */
    /**
     * The records an export holds (at most 200,000), read 1,000 at a time in their order: the embedded database reads
     * on the event loop, and between two pages the console answers what else waits.
     */
    async recordsFor(kind: StockKind, f: Omit<RecordFilter, 'offset' | 'limit'>): Promise<StockRecord[]> {
      const all: StockRecord[] = [];
      let after = sql``;
      while (all.length < EXPORT_MAX) {
        const rows = rowsOf<RecordRow>(
          await db.execute(sql`${RECORD_SELECT} ${RECORD_FROM} where ${recordWhere(kind, f)} ${after}
            order by r.export_date, r.id limit ${Math.min(EXPORT_PAGE, EXPORT_MAX - all.length)}`),
        );
        for (const r of rows) all.push(toRecord(r));
        const last = all.at(-1);
        if (rows.length < EXPORT_PAGE || !last) break;
        after = sql`and (r.export_date, r.id) > (${new Date(last.exportDate).toISOString()}::timestamptz, ${last.id})`;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return all;
    },

    async findRecord(kind: StockKind, id: number, tx: Db = db): Promise<StockRecord | undefined> {
      const [row] = rowsOf<RecordRow>(
        await tx.execute(sql`${RECORD_SELECT} ${RECORD_FROM} where r.kind = ${kind} and r.id = ${id}`),
      );
      return row ? toRecord(row) : undefined;
    },

    async bySerial(serial: string): Promise<StockRecord[]> {
      const rows = rowsOf<RecordRow>(
        await db.execute(sql`${RECORD_SELECT} ${RECORD_FROM} where r.kind = 'out' and r.serial_num = ${serial}
          order by r.export_date, r.id`),
      );
      return rows.map((r) => toRecord(r));
    },

    /**
     * Adds a record and answers it as written (one statement: the insert's `returning`, with its item and contract).
     * With a client's key already stored, it adds nothing and answers undefined.
     */
    async insertRecord(
      kind: StockKind,
      values: RecordValues,
      tx: Db = db,
      clientRef: string | null = null,
    ): Promise<StockRecord | undefined> {
      const [row] = rowsOf<RecordRow>(
        await tx.execute(sql`with r as (insert into stock_records (${RECORD_COLUMNS}, client_ref)
            values (${recordTuple(kind, values)}, ${clientRef}::uuid) on conflict (client_ref) do nothing returning *)
          ${RECORD_SELECT} from r ${RECORD_JOIN}`),
      );
      if (!row && clientRef === null) throw new Error('insert returned nothing');
      return row ? toRecord(row) : undefined;
    },

    /** The record a client's key was stored with. */
    async findByClientRef(kind: StockKind, clientRef: string, tx: Db = db): Promise<StockRecord | undefined> {
      const [row] = rowsOf<RecordRow>(
        await tx.execute(
          sql`${RECORD_SELECT} ${RECORD_FROM} where r.kind = ${kind} and r.client_ref = ${clientRef}::uuid`,
        ),
      );
      return row ? toRecord(row) : undefined;
    },

    /** Waits for the serials' histories to be free (till the transaction ends): what `settleSerials` takes. */
    async lockSerials(tx: Db): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${SERIALS_LOCK})`);
    },

    /** The latest stock-out of a serial written after a time, to another contract than the one given. */
    async issuedSince(serial: string, since: Date, contractId: number | null, tx: Db = db) {
      const [row] = rowsOf<RecordRow>(
        await tx.execute(sql`${RECORD_SELECT} ${RECORD_FROM} where r.kind = 'out' and r.serial_num = ${serial}
          and r.created_at > ${since.toISOString()}::timestamptz and r.contract_id is distinct from ${contractId}::int
          order by r.created_at desc, r.id desc limit 1`),
      );
      return row ? toRecord(row) : undefined;
    },

    /**
     * Changes a record and answers it as written, with the serial it had before (locked while the statement runs,
     * so that both serials' histories are settled), or undefined when there is no such record.
     */
    async updateRecord(
      kind: StockKind,
      id: number,
      values: RecordValues,
      tx: Db = db,
    ): Promise<{ record: StockRecord; serialBefore: string } | undefined> {
      const [row] = rowsOf<RecordRow & { serial_before: string }>(
        await tx.execute(sql`with r as (update stock_records s set (${RECORD_COLUMNS}) = (${recordTuple(kind, values)})
            from (select id, serial_num as serial_before from stock_records
              where kind = ${kind} and id = ${id} for update) o
            where s.id = o.id returning s.*, o.serial_before)
          ${RECORD_SELECT}, r.serial_before from r ${RECORD_JOIN}`),
      );
      return row ? { record: toRecord(row), serialBefore: row.serial_before } : undefined;
    },

    /**
     * Sets a stock-out's status, unless it was moved (a later stock-out of its device holds: its history is not
     * rewritten); answers the record, or undefined when there is no such record or it was moved.
     */
    async setStatus(id: number, status: string, tx: Db = db): Promise<StockRecord | undefined> {
      const [row] = rowsOf<RecordRow>(
        await tx.execute(sql`with r as (update stock_records set status = ${status}
            where kind = 'out' and id = ${id} and status is distinct from ${MOVED_STATUS} returning *)
          ${RECORD_SELECT} from r ${RECORD_JOIN}`),
      );
      return row ? toRecord(row) : undefined;
    },

    /** Marks an earlier stock-out moved (a device recorded by MAC only, issued again: settling goes by serial). */
    async markMoved(id: number, tx: Db): Promise<void> {
      await tx.execute(sql`update stock_records set status = ${MOVED_STATUS} where kind = 'out' and id = ${id}`);
    },

    /** Deletes a record; answers the serial it had, or undefined when there is no such record. */
    async deleteRecord(kind: StockKind, id: number, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .delete(stockRecords)
        .where(and(eq(stockRecords.kind, kind), eq(stockRecords.id, id)))
        .returning({ serialNum: stockRecords.serialNum });
      return row?.serialNum;
    },

    /**
     * Of the stock-outs of each serial, only the latest (by date, then id) keeps a status of its own; the earlier
     * ones are moved. A latest one that was moved (its successor was deleted) is in use again. Answers the status
     * of each record it changed.
     */
    async settleSerials(serials: string[], tx: Db = db): Promise<Map<number, string>> {
      const list = [...new Set(serials.filter((s) => s !== ''))];
      const changed = new Map<number, string>();
      if (list.length === 0) return changed;
      // One settling at a time (until its transaction ends): two stock-outs of a serial written at once would each
      // settle without seeing the other's record, and both stay in use. The second one waits, and its statement
      // then sees the first one committed.
      await tx.execute(sql`select pg_advisory_xact_lock(${SERIALS_LOCK})`);
      const rows = rowsOf<{ id: string | number; status: string }>(
        await tx.execute(sql`
        with ranked as (
          select id, row_number() over (partition by serial_num order by export_date desc, id desc) as rn
          from stock_records where kind = 'out' and serial_num = any(${sql.param(list)}::text[]))
        update stock_records r set status = case
            when ranked.rn > 1 then ${MOVED_STATUS}
            when r.status is null or r.status = ${MOVED_STATUS} then ${IN_USE_STATUS}
            else r.status end
        from ranked where r.id = ranked.id
        returning r.id, r.status`),
      );
      for (const r of rows) changed.set(Number(r.id), r.status);
      return changed;
    },

    // ---- report ----
    async report(fromDate: number, toDate: number): Promise<ReportRow[]> {
      const from = new Date(fromDate).toISOString();
      const to = new Date(toDate).toISOString();
      const rows = rowsOf<{
        item_code: string;
        name: string;
        unit: string;
        note: string;
        opening: string | number;
        in_before: string | number;
        out_before: string | number;
        in_period: string | number;
        out_period: string | number;
      }>(
        await db.execute(sql`
          with moves as (
            select r.item_id,
              sum(r.number) filter (where r.kind = 'in' and r.export_date < ${from}::timestamptz) as in_before,
              sum(r.number) filter (where r.kind = 'out' and r.export_date < ${from}::timestamptz) as out_before,
              sum(r.number) filter (where r.kind = 'in' and r.export_date >= ${from}::timestamptz) as in_period,
              sum(r.number) filter (where r.kind = 'out' and r.export_date >= ${from}::timestamptz) as out_period
            from stock_records r where r.export_date <= ${to}::timestamptz group by r.item_id)
          select i.item_code, i.name, i.unit, i.note, i.number as opening,
            coalesce(m.in_before, 0) as in_before, coalesce(m.out_before, 0) as out_before,
            coalesce(m.in_period, 0) as in_period, coalesce(m.out_period, 0) as out_period
          from supply_items i left join moves m on m.item_id = i.id
          order by i.item_code, i.id`),
      );
      return rows.map((r) => {
        const start = Number(r.opening) + Number(r.in_before) - Number(r.out_before);
        const inP = Number(r.in_period);
        const outP = Number(r.out_period);
        return {
          itemCode: r.item_code,
          name: r.name,
          unit: r.unit,
          inventoryStart: start,
          numImportFromToDate: inP,
          numExportFromToDate: outP,
          inventoryEnd: start + inP - outP,
          note: r.note,
        };
      });
    },

    // ---- uploads ----
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /** Adds the items, or updates those whose code exists (codes compared without case); answers code → id. */
    async upsertItems(tx: Db, values: ItemValues[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const chunk of chunks(values)) {
        const rows = rowsOf<{ id: number; item_code: string }>(
          await tx.execute(sql`
            insert into supply_items (item_code, name, unit, number, value, note)
            select * from unnest(${sql.param(chunk.map((v) => v.itemCode))}::text[],
              ${sql.param(chunk.map((v) => v.name))}::text[], ${sql.param(chunk.map((v) => v.unit))}::text[],
              ${sql.param(chunk.map((v) => v.number))}::int[], ${sql.param(chunk.map((v) => v.value))}::numeric[],
              ${sql.param(chunk.map((v) => v.note))}::text[])
            on conflict ((lower(item_code))) do update set name = excluded.name, unit = excluded.unit,
              number = excluded.number, value = excluded.value, note = excluded.note
            returning id, item_code`),
        );
        for (const r of rows) ids.set(r.item_code.toLowerCase(), r.id);
      }
      return ids;
    },

    /**
     * Adds records, 500 a statement, each column one array (`unnest`): the statement is built in no time
     * whatever the rows, where a query builder's rows of parameters took longer than the insert. The embedded database
     * runs on the event loop: between two statements it answers what else waits.
     */
    async insertRecords(tx: Db, kind: StockKind, values: RecordValues[]): Promise<void> {
      for (const chunk of chunks(values, 500)) {
        const col = <T>(pick: (v: RecordValues) => T) => sql.param(chunk.map(pick));
        await tx.execute(sql`
          insert into stock_records (kind, export_date, licence, item_id, number, value, supplier, serial_num, mac,
            mac_format, warranty_period, storage_term, warranty_landmark, note, status, contract_id)
          select ${kind}, * from unnest(${col((v) => v.exportDate.toISOString())}::timestamptz[],
            ${col((v) => v.licence)}::text[], ${col((v) => v.itemId)}::int[], ${col((v) => v.number)}::int[],
            ${col((v) => v.value)}::numeric[], ${col((v) => v.supplier)}::text[], ${col((v) => v.serialNum)}::text[],
            ${col((v) => v.mac)}::text[], ${col((v) => v.macFormat)}::text[], ${col((v) => v.warrantyPeriod)}::int[],
            ${col((v) => v.storageTerm)}::int[], ${col((v) => v.warrantyLandmark?.toISOString() ?? null)}::timestamptz[],
            ${col((v) => v.note)}::text[], ${col((v) => v.status)}::text[], ${col((v) => v.contractId)}::int[])`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    async countRecords(kind: StockKind): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(stockRecords)
        .where(eq(stockRecords.kind, kind));
      return row?.n ?? 0;
    },
  };
}

export type SuppliesRepository = ReturnType<typeof createSuppliesRepository>;
