// Over 300 lines: the rules of the catalogue, stock in and out, the report and the all-or-nothing imports that apply the same rules; the sheets themselves are in supplies.sheets.ts.
import type { ItemInput, SheetTable, StockInInput, StockOutInput } from '@it4u/shared';
import {
  canonicalMac,
  IN_USE_STATUS,
  MOVED_STATUS,
  RECALLED_STATUS,
  rowError,
  type StockKind,
  type StockRecord,
  type SupplyItem,
} from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import { type Audit, changes } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InvalidRowsError,
  NotFoundError,
  onField,
} from '../../lib/errors.ts';
import { linkedId } from '../../lib/schemas.ts';
import { exportQueue, normaliseRows, sheetDay } from '../../lib/spreadsheet.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { COLUMNS, parseItemRow, parseStockRow } from './supplies.columns.ts';
import type { ItemValues, RecordFilter, RecordValues, SuppliesRepository } from './supplies.repository.ts';
import { itemsSheet, recordsSheet, reportSheet, templateSheet } from './supplies.sheets.ts';

/** A stock record as the add and edit forms send it (stock in, or stock out with its status and contract). */
export type RecordInput = StockInInput &
  Partial<Pick<StockOutInput, 'status' | 'contractId' | 'contract' | 'clientRef' | 'offlineSince' | 'keptBy'>>;

const kindOf = (table: SheetTable): StockKind => (table === 'exportWarehouse' ? 'out' : 'in');

type Deps = { supplies: SuppliesRepository; contracts: ContractsForRecords; audit: Audit };

/**
 * Counts of stock records per filter are kept for a few seconds: a page of a month of a million-record table
 * spends most of its database time counting. Any stock write through this instance forgets them.
 */
const COUNT_TTL_MS = 5_000;

export function createSuppliesService({ supplies, contracts, audit }: Deps) {
  /** A catalogue item or a stock record as its audit lines compare it (without its id and computed fields). */
  const fieldsOf = (row: object) => {
    const { id: _id, totalAmount: _t, createdAt: _c, ...fields } = row as Record<string, unknown>;
    return fields;
  };
  const counts = new Map<string, { n: number; at: number }>();

  async function countOf(kind: StockKind, f: Omit<RecordFilter, 'offset' | 'limit'>): Promise<number> {
    const key = JSON.stringify([kind, f.q?.trim() ?? '', f.fromDate, f.toDate, f.status]);
    const hit = counts.get(key);
    if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
    const n = await supplies.recordCount(kind, f);
    if (counts.size > 1000) counts.clear();
    counts.set(key, { n, at: Date.now() });
    return n;
  }
  const itemValues = (input: ItemInput): ItemValues => ({
    itemCode: input.itemCode.trim(),
    name: input.name.trim(),
    unit: input.unit?.trim() ?? '',
    number: input.number,
    value: input.value,
    note: input.note?.trim() ?? '',
    ...(input.minStock !== undefined ? { minStock: input.minStock } : {}),
  });

  function itemConflict(err: unknown): never {
    if (isUniqueViolation(err)) throw new ConflictError('itemTaken', 'itemCode');
    throw err;
  }

  async function mustGetItem(id: number, tx?: Db): Promise<SupplyItem> {
    const item = await supplies.findItem(id, tx);
    if (!item) throw new NotFoundError('itemNotFound');
    return item;
  }

  async function mustGetRecord(kind: StockKind, id: number): Promise<StockRecord> {
    const record = await supplies.findRecord(kind, id);
    if (!record) throw new NotFoundError('recordNotFound');
    return record;
  }

  /** The record with the status that settling its serial's history gave it, if it changed. */
  const settled = (record: StockRecord, changed: Map<number, string>): StockRecord => {
    const status = changed.get(record.id);
    return status === undefined ? record : { ...record, status: status as StockRecord['status'] };
  };

  /**
   * The item and MAC of a record under either name: `itemCode` or the spec's `listSupplies` ({id} or {itemCode}),
   * `mac` or the spec's `MAC`; two names of one field that disagree are refused.
   */
  async function itemAndMac(input: RecordInput): Promise<{ item: SupplyItem; typed: string }> {
    const ref = input.listSupplies;
    const code = input.itemCode?.trim() ?? ref?.itemCode?.trim();
    if (input.itemCode !== undefined && ref?.itemCode !== undefined) {
      if (input.itemCode.trim().toLowerCase() !== ref.itemCode.trim().toLowerCase()) {
        throw new BadRequestError('invalidFields', 'listSupplies', { fields: 'itemCode, listSupplies' });
      }
    }
    let item = code ? (await supplies.itemsByCode([code])).get(code.toLowerCase()) : undefined;
    if (ref?.id !== undefined) {
      const byId = await supplies.findItem(ref.id);
      if (!byId) throw new BadRequestError('unknownItemCode', 'listSupplies', { value: String(ref.id) });
      if (item && item.id !== byId.id)
        throw new BadRequestError('invalidFields', 'listSupplies', { fields: 'itemCode, listSupplies' });
      item = byId;
    } else if (!code) {
      throw new BadRequestError('fieldRequired', 'itemCode', { field: 'itemCode' });
    }
    if (!item) throw new BadRequestError('unknownItemCode', 'itemCode', { value: code ?? '' });
    const mac = input.mac?.trim();
    const MAC = input.MAC?.trim();
    if (mac !== undefined && MAC !== undefined && mac !== MAC && canonicalMac(mac) !== canonicalMac(MAC)) {
      throw new BadRequestError('invalidFields', 'MAC', { fields: 'mac, MAC' });
    }
    return { item, typed: mac ?? MAC ?? '' };
  }

  async function recordValues(kind: StockKind, input: RecordInput, before?: StockRecord): Promise<RecordValues> {
    const { item, typed } = await itemAndMac(input);
    const mac = typed ? canonicalMac(typed) : '';
    if (mac === undefined) throw new BadRequestError('notAMac', 'mac', { value: typed });
    // the MAC as it was typed, when a client sends back the record it read (canonical mac and its typed form)
    const kept = input.macFormat?.trim();
    const macFormat = kept && canonicalMac(kept) === mac ? kept : typed;
    // 'moved' is the server's: a record keeps it when sent back, nobody sets it by hand
    if (input.status === MOVED_STATUS && before?.status !== MOVED_STATUS) {
      throw new BadRequestError('movedStatusIsSet', 'status');
    }
    let contractId: number | null = null;
    const wanted = linkedId(input.contractId, input.contract);
    if (kind === 'out' && wanted) {
      if (!(await contracts.find(wanted))) throw new BadRequestError('unknownContract', 'contractId');
      contractId = wanted;
    }
    return {
      exportDate: new Date(input.exportDate),
      licence: input.licence?.trim() ?? '',
      itemId: item.id,
      number: input.number,
      value: input.value,
      supplier: input.supplier?.trim() ?? '',
      serialNum: input.serialNum?.trim() ?? '',
      mac,
      macFormat,
      warrantyPeriod: input.warrantyPeriod ?? 0,
      storageTerm: input.storageTerm ?? 0,
      warrantyLandmark: input.warrantyLandmark ? new Date(input.warrantyLandmark) : null,
      note: input.note?.trim() ?? '',
      status: kind === 'out' ? (input.status ?? IN_USE_STATUS) : null,
      contractId,
    };
  }

  // ---- uploads ----
  async function importItems(rows: Record<string, unknown>[], ctx: RequestContext): Promise<number> {
    const { rows: cells, problems: cellProblems, errors } = normaliseRows(COLUMNS.listSupplies, rows);
    const seen = new Map<string, number>();
    const values: ItemValues[] = [];
    cells.forEach((c, i) => {
      const rowNo = i + 2;
      const { row, problems } = parseItemRow(c);
      problems.unshift(...(cellProblems[i] ?? []));
      const key = row.itemCode.toLowerCase();
      if (row.itemCode && seen.has(key)) {
        problems.push({ code: 'repeated', params: { field: 'itemCode', value: row.itemCode, row: seen.get(key) } });
      }
      seen.set(key, rowNo);
      if (problems.length) errors.push(rowError(rowNo, problems));
      values.push({
        itemCode: row.itemCode,
        name: row.itemName,
        unit: row.unit,
        number: row.number,
        value: row.value,
        note: row.note,
      });
    });
    if (errors.length) throw new InvalidRowsError(errors);
    await supplies.transaction(async (tx) => {
      await supplies.upsertItems(tx, values);
      await audit.record('supplies.upload', ctx, { details: { table: 'listSupplies', rows: values.length } }, tx);
    });
    return values.length;
  }

  async function importStock(table: SheetTable, rows: Record<string, unknown>[], ctx: RequestContext): Promise<number> {
    const kind = kindOf(table);
    const { rows: cells, problems: cellProblems, errors } = normaliseRows(COLUMNS[table], rows);
    const checked = cells.map((c, i) => {
      const row = parseStockRow(c, kind === 'out');
      row.problems.unshift(...(cellProblems[i] ?? []));
      return row;
    });
    const parsed = checked.map((c) => c.row);
    // Items and contracts named by the rows: known ones are used, missing ones are made.
    const items = await supplies.itemsByCode(parsed.map((r) => r.itemCode).filter(Boolean));
    const newItems = new Map<string, ItemValues>();
    for (const r of parsed) {
      const key = r.itemCode.toLowerCase();
      if (r.itemCode && !items.has(key) && !newItems.has(key)) {
        newItems.set(key, {
          itemCode: r.itemCode,
          name: r.itemName || r.itemCode,
          unit: r.unit,
          number: 0,
          value: 0,
          note: '',
        });
      }
    }
    const known =
      kind === 'out'
        ? await contracts.byNumbers(parsed.map((r) => r.numContract).filter(Boolean))
        : new Map<string, { id: number; numContract: string }>();
    const newContracts = new Map<string, { numContract: string; clientName: string; street: string }>();
    for (const { row: r, problems } of checked) {
      if (kind !== 'out' || !r.numContract) continue;
      const key = r.numContract.toLowerCase();
      if (known.has(key) || newContracts.has(key)) continue;
      if (r.clientName)
        newContracts.set(key, { numContract: r.numContract, clientName: r.clientName, street: r.street });
      else problems.push({ code: 'contractWithoutCustomer', params: { value: r.numContract } });
    }
    checked.forEach(({ problems }, i) => {
      if (problems.length) errors.push(rowError(i + 2, problems));
    });
    if (errors.length) throw new InvalidRowsError(errors);

    await supplies.transaction(async (tx: Db) => {
      const itemIds = new Map([...items].map(([k, v]) => [k, v.id]));
      if (newItems.size)
        for (const [k, id] of await supplies.upsertItems(tx, [...newItems.values()])) itemIds.set(k, id);
      const contractIds = new Map([...known].map(([k, c]) => [k, c.id]));
      if (newContracts.size) {
        for (const [k, id] of await contracts.insertNumbers([...newContracts.values()], tx)) contractIds.set(k, id);
      }
      const values: RecordValues[] = parsed.map((r) => ({
        exportDate: new Date(r.exportDate),
        licence: r.licence,
        itemId: itemIds.get(r.itemCode.toLowerCase()) as number,
        number: r.number,
        value: r.value,
        supplier: r.supplier,
        serialNum: r.serialNum,
        mac: r.mac,
        macFormat: r.macFormat,
        warrantyPeriod: r.warrantyPeriod,
        storageTerm: r.storageTerm,
        warrantyLandmark: r.warrantyLandmark === null ? null : new Date(r.warrantyLandmark),
        note: r.note,
        status: kind === 'out' ? r.status || IN_USE_STATUS : null,
        contractId: kind === 'out' && r.numContract ? (contractIds.get(r.numContract.toLowerCase()) ?? null) : null,
      }));
      await supplies.insertRecords(tx, kind, values);
      const upload = { table, rows: values.length, itemsMade: newItems.size, contractsMade: newContracts.size };
      await audit.record('supplies.upload', ctx, { details: upload }, tx);
      if (kind === 'out')
        await supplies.settleSerials(
          parsed.map((r) => r.serialNum),
          tx,
        );
    });
    counts.clear();
    return parsed.length;
  }

  return {
    // ---- catalogue ----
    itemPage: (q: string | undefined, page: number, pageSize: number) =>
      supplies.itemPage(q, (page - 1) * pageSize, pageSize),
    getItem: mustGetItem,

    // Every write is audited in its own transaction: the change and its audit line, both or neither.
    async createItem(input: ItemInput, ctx: RequestContext): Promise<SupplyItem> {
      const values = itemValues(input);
      const id = await supplies
        .transaction(async (tx) => {
          const made = await supplies.insertItem(values, tx);
          await audit.record('supplies.item.create', ctx, { target: `supplyItem:${made}`, details: values }, tx);
          return made;
        })
        .catch(itemConflict);
      return mustGetItem(id);
    },

    async updateItem(id: number, input: ItemInput, ctx: RequestContext): Promise<SupplyItem> {
      const before = await mustGetItem(id);
      const values = itemValues(input);
      await supplies
        .transaction(async (tx) => {
          if (!(await supplies.updateItem(id, values, tx))) throw new NotFoundError('itemNotFound');
          const after = await mustGetItem(id, tx);
          const changed = changes(fieldsOf(before), fieldsOf(after));
          await audit.record('supplies.item.update', ctx, { target: `supplyItem:${id}`, details: { changed } }, tx);
        })
        .catch(itemConflict);
      return mustGetItem(id);
    },

    async removeItem(id: number, ctx: RequestContext): Promise<void> {
      const before = await mustGetItem(id);
      if (await supplies.itemInUse(id)) throw new ConflictError('itemInUse');
      await supplies.transaction(async (tx) => {
        if (!(await supplies.deleteItem(id, tx))) throw new NotFoundError('itemNotFound');
        const details = { itemCode: before.itemCode, name: before.name };
        await audit.record('supplies.item.delete', ctx, { target: `supplyItem:${id}`, details }, tx);
      });
    },

    async onHand(itemCode: string) {
      const item = (await supplies.itemsByCode([itemCode])).get(itemCode.toLowerCase());
      if (!item) throw new NotFoundError('itemNotFound');
      return { itemCode: item.itemCode, onHand: await supplies.onHand(item.id) };
    },

    // ---- stock in and out ----
    async recordPage(kind: StockKind, f: Omit<RecordFilter, 'offset' | 'limit'> & { page: number; pageSize: number }) {
      if (f.fromDate !== undefined && f.toDate !== undefined && f.fromDate > f.toDate) {
        throw new BadRequestError('startAfterEnd', 'fromDate');
      }
      const filter = { q: f.q, fromDate: f.fromDate, toDate: f.toDate, status: f.status };
      const [items, total] = await Promise.all([
        supplies.recordRows(kind, { ...filter, offset: (f.page - 1) * f.pageSize, limit: f.pageSize }),
        countOf(kind, filter),
      ]);
      return { items, total };
    },

    getRecord: mustGetRecord,

    // A write and the settling of its serials' history are one transaction: a failure between them leaves neither.
    // A stock-out a phone kept offline carries its key (sent again, it answers the record stored the first time) and
    // when the phone last heard the console: its serial stocked out since to another contract refuses it.
    async createRecord(kind: StockKind, input: RecordInput, ctx: RequestContext): Promise<StockRecord> {
      // a phone's kept stock-out goes under the name of the person who kept it, never of whoever signed in since
      if (input.keptBy !== undefined && input.keptBy !== ctx.actor.id) throw new ForbiddenError('keptByAnother');
      const ref = kind === 'out' ? (input.clientRef?.toLowerCase() ?? null) : null;
      const kept = ref ? await supplies.findByClientRef(kind, ref) : undefined;
      if (kept) {
        audit.unchanged(`supplies.${kind}.create`);
        return kept;
      }
      const values = await recordValues(kind, input);
      const guarded = kind === 'out' && input.offlineSince !== undefined && values.serialNum !== '';
      const record = await supplies.transaction(async (tx) => {
        if (guarded) {
          // under the serials' lock: a stock-out of the serial written at the same moment is seen, or waits
          await supplies.lockSerials(tx);
          const since = new Date(input.offlineSince ?? 0);
          const other = await supplies.issuedSince(values.serialNum, since, values.contractId, tx);
          if (other) {
            const params = {
              serial: values.serialNum,
              customer: other.contract?.clientName || other.contract?.numContract || '—',
              on: sheetDay(other.exportDate),
            };
            throw new AppError(
              409,
              'serialIssuedElsewhere',
              params,
              onField('serialNum', 'serialIssuedElsewhere', params),
            );
          }
        }
        const made = await supplies.insertRecord(kind, values, tx, ref);
        if (!made) return undefined;
        const details = fieldsOf(made);
        await audit.record(`supplies.${kind}.create`, ctx, { target: `stockRecord:${made.id}`, details }, tx);
        return kind === 'out' ? settled(made, await supplies.settleSerials([values.serialNum], tx)) : made;
      });
      counts.clear();
      if (record) return record;
      // the same key stored meanwhile by another request: that record
      const stored = ref ? await supplies.findByClientRef(kind, ref) : undefined;
      if (!stored) throw new Error('a stock record with a client key was neither stored nor found');
      audit.unchanged(`supplies.${kind}.create`);
      return stored;
    },

    async updateRecord(kind: StockKind, id: number, input: RecordInput, ctx: RequestContext): Promise<StockRecord> {
      const before = await mustGetRecord(kind, id);
      const values = await recordValues(kind, input, before);
      const record = await supplies.transaction(async (tx) => {
        const done = await supplies.updateRecord(kind, id, values, tx);
        if (!done) throw new NotFoundError('recordNotFound');
        const changed = changes(fieldsOf(before), fieldsOf(done.record));
        await audit.record(`supplies.${kind}.update`, ctx, { target: `stockRecord:${id}`, details: { changed } }, tx);
        if (kind !== 'out') return done.record;
        return settled(done.record, await supplies.settleSerials([done.serialBefore, values.serialNum], tx));
      });
      counts.clear();
      return record;
    },

    /**
     * A stock-out's device is back in the warehouse: its status becomes recalled (as a save of the record would set
     * it). A moved record is history (a later stock-out of its device holds): refused.
     */
    async recall(id: number, ctx: RequestContext): Promise<StockRecord> {
      const before = await mustGetRecord('out', id);
      if (before.status === MOVED_STATUS) throw new ConflictError('recordMoved');
      const record = await supplies.transaction(async (tx) => {
        // moved meanwhile (a stock-out of its device written since the read above): refused, its history kept
        const done = await supplies.setStatus(id, RECALLED_STATUS, tx);
        if (!done) throw new ConflictError('recordMoved');
        const changed = changes(fieldsOf(before), fieldsOf(done));
        await audit.record('supplies.out.update', ctx, { target: `stockRecord:${id}`, details: { changed } }, tx);
        return done;
      });
      counts.clear();
      return record;
    },

    /**
     * A stock-out's device issued again, to another contract, at `at`: a new stock-out with the record's item, serial,
     * MAC and warranty, and the earlier one moved (by its serial's settling, or by hand for a device recorded by MAC
     * only). Under the serials' lock and one transaction: a record moved or recalled meanwhile is refused.
     */
    async reissue(id: number, contractId: number, at: number, ctx: RequestContext): Promise<StockRecord> {
      const before = await mustGetRecord('out', id);
      const values = await recordValues('out', {
        exportDate: at,
        licence: before.licence,
        itemCode: before.itemCode,
        number: before.number,
        value: before.value,
        supplier: before.supplier,
        serialNum: before.serialNum,
        mac: before.macFormat || before.mac,
        warrantyPeriod: before.warrantyPeriod,
        storageTerm: before.storageTerm,
        warrantyLandmark: before.warrantyLandmark,
        note: before.note,
        status: IN_USE_STATUS,
        contractId,
      });
      const record = await supplies.transaction(async (tx) => {
        await supplies.lockSerials(tx);
        const now = await supplies.findRecord('out', id, tx);
        if (!now) throw new NotFoundError('recordNotFound');
        if (now.status === MOVED_STATUS) throw new ConflictError('recordMoved');
        const made = await supplies.insertRecord('out', values, tx);
        if (!made) throw new Error('a stock-out was not written');
        await audit.record(
          'supplies.out.create',
          ctx,
          { target: `stockRecord:${made.id}`, details: fieldsOf(made) },
          tx,
        );
        if (values.serialNum === '') {
          await supplies.markMoved(id, tx);
          const changed = { status: [now.status ?? IN_USE_STATUS, MOVED_STATUS] };
          await audit.record('supplies.out.update', ctx, { target: `stockRecord:${id}`, details: { changed } }, tx);
          return made;
        }
        return settled(made, await supplies.settleSerials([values.serialNum], tx));
      });
      counts.clear();
      return record;
    },

    async removeRecord(kind: StockKind, id: number, ctx: RequestContext): Promise<void> {
      const before = await mustGetRecord(kind, id);
      await supplies.transaction(async (tx) => {
        const serial = await supplies.deleteRecord(kind, id, tx);
        if (serial === undefined) throw new NotFoundError('recordNotFound');
        const details = fieldsOf(before);
        await audit.record(`supplies.${kind}.delete`, ctx, { target: `stockRecord:${id}`, details }, tx);
        if (kind === 'out') await supplies.settleSerials([serial], tx);
      });
      counts.clear();
    },

    history: (serial: string) => supplies.bySerial(serial.trim()),

    // ---- report ----
    report(fromDate: number, toDate: number) {
      if (fromDate > toDate) throw new BadRequestError('startAfterEnd', 'fromDate');
      return supplies.report(fromDate, toDate);
    },

    // ---- spreadsheets ----
    upload(table: SheetTable, rows: Record<string, unknown>[], ctx: RequestContext): Promise<number> {
      return table === 'listSupplies' ? importItems(rows, ctx) : importStock(table, rows, ctx);
    },

    template(table: SheetTable): Buffer {
      return templateSheet(table);
    },

    /** The table as .xlsx, built in a worker in turn with the other exports (429 exportsBusy past the queue). */
    exportTable(
      table: SheetTable | 'report',
      f: { q?: string; fromDate?: number; toDate?: number; status?: string },
    ): Promise<Buffer> {
      return exportQueue.run(async () => {
        if (table === 'report') return reportSheet(await this.report(f.fromDate ?? 0, f.toDate ?? Date.now()));
        if (table === 'listSupplies') return itemsSheet((await supplies.itemPage(f.q, 0, 1_000_000)).items);
        const kind = kindOf(table);
        return recordsSheet(table, kind, await supplies.recordsFor(kind, f));
      });
    },
  };
}

export type SuppliesService = ReturnType<typeof createSuppliesService>;
