import { IN_USE_STATUS } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DeviceId } from '../../integrations/unifi/unifi.map.ts';
import { rowsOf } from '../../lib/sql.ts';
import { isDemoContract } from '../contracts/contractRefs.ts';
import type { RecordValues, SuppliesRepository } from './supplies.repository.ts';

/** The licence (document number) of the records the demo made, and the code prefix of its items. */
export const DEMO_LICENCE = 'DEMO';
const DEMO_ITEM = 'DEMO-';
const DAY = 86_400_000;
const RECALLED = 'Thu hồi';

/** A demo customer and the devices its sites' controller lists (up or down). */
export type DemoCustomer = { contractId: number; devices: DeviceId[] };

type Plan = { items: string[]; stockIn: Omit<RecordValues, 'itemId'>[]; stockOut: Omit<RecordValues, 'itemId'>[] };

const blank = {
  number: 1,
  value: 0,
  supplier: '',
  macFormat: '',
  warrantyPeriod: 24,
  storageTerm: 0,
  note: '',
  contractId: null,
  status: null,
} as const;

/**
 * The demo's warehouse, made from what its controller has, so that its reconciliation shows every case: each access
 * point went out to its site's customer 60 days ago (one down for days finds itself "offline since"), except
 * one never issued, one written to another customer, one recalled though still up; and one more went out 20 days ago
 * and is still in a technician's van (no controller has its serial). Items are per model; one stock-in of them all.
 */
export function demoWarehouse(customers: DemoCustomer[], now: number): Plan & { itemOf: (r: number) => string } {
  const models = [...new Set(customers.flatMap((c) => c.devices.map((d) => d.model || 'AP')))].sort();
  const items = (models.length > 0 ? models : ['AP']).map((m) => `${DEMO_ITEM}${m}`);
  const itemCodes: string[] = [];
  const stockOut: Plan['stockOut'] = [];
  const up = customers.filter((c) => c.devices.filter((d) => d.connected).length >= 2);
  const [unissuedAt, elsewhereAt, retiredAt] = up;
  const other = customers.find((c) => c !== elsewhereAt);
  for (const customer of customers) {
    const connected = customer.devices.filter((d) => d.connected);
    for (const d of customer.devices) {
      if (customer === unissuedAt && d === connected.at(-1)) continue;
      stockOut.push({
        ...blank,
        exportDate: new Date(now - 60 * DAY),
        licence: DEMO_LICENCE,
        serialNum: d.serial,
        mac: d.mac,
        macFormat: d.mac,
        warrantyLandmark: new Date(now - 60 * DAY),
        status: customer === retiredAt && d === connected[0] ? RECALLED : IN_USE_STATUS,
        contractId: customer === elsewhereAt && d === connected[0] && other ? other.contractId : customer.contractId,
      });
      itemCodes.push(`${DEMO_ITEM}${d.model || 'AP'}`);
    }
  }
  const first = customers[0];
  if (first) {
    stockOut.push({
      ...blank,
      exportDate: new Date(now - 20 * DAY),
      licence: DEMO_LICENCE,
      serialNum: 'VAN0000000001',
      mac: 'F0:9F:C2:00:00:01',
      macFormat: 'F0:9F:C2:00:00:01',
      warrantyLandmark: new Date(now - 20 * DAY),
      status: IN_USE_STATUS,
      contractId: first.contractId,
      note: 'Still in the van',
    });
    itemCodes.push(items[0] ?? '');
  }
  const stockIn = items.map((code) => ({
    ...blank,
    number: itemCodes.filter((c) => c === code).length + 2,
    exportDate: new Date(now - 90 * DAY),
    licence: DEMO_LICENCE,
    serialNum: '',
    mac: '',
    warrantyLandmark: null,
    supplier: 'Ubiquiti',
  }));
  return { items, stockIn, stockOut, itemOf: (r) => itemCodes[r] ?? '' };
}

/**
 * A record the demo made (of `stock_records r`): its licence, an item of the demo's, and no customer or a demo one. A
 * record of the operator's own that happens to carry the licence DEMO is never taken for the demo's.
 */
const DEMO_MADE = sql`r.licence = ${DEMO_LICENCE}
  and exists (select 1 from supply_items i where i.id = r.item_id and i.item_code like ${`${DEMO_ITEM}%`})
  and (r.contract_id is null or ${isDemoContract(sql`r.contract_id`)})`;

/** The demo's warehouse: made on the first start (when the warehouse is empty), counted and removed with the demo. */
export function createDemoWarehouse(db: Db, supplies: SuppliesRepository) {
  return {
    /** Makes the demo's warehouse unless the warehouse has records; answers how many stock-outs it made. */
    async add(customers: DemoCustomer[], now: number): Promise<number> {
      if ((await supplies.countRecords('out')) > 0 || (await supplies.countRecords('in')) > 0) return 0;
      const plan = demoWarehouse(customers, now);
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const ids = new Map<string, number>();
        for (const code of plan.items) {
          const name = `UniFi AP ${code.slice(DEMO_ITEM.length)}`;
          ids.set(
            code,
            await supplies.insertItem({ itemCode: code, name, unit: 'Cái', number: 0, value: 0, note: '' }, tx),
          );
        }
        const itemId = (code: string) => ids.get(code) ?? 0;
        await supplies.insertRecords(
          tx,
          'in',
          plan.stockIn.map((r, i) => ({ ...r, itemId: itemId(plan.items[i] ?? '') })),
        );
        await supplies.insertRecords(
          tx,
          'out',
          plan.stockOut.map((r, i) => ({ ...r, itemId: itemId(plan.itemOf(i)) })),
        );
        return plan.stockOut.length;
      });
    },

    /** How many records the demo made (still there). */
    async count(within: Db = db): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(
        await within.execute(sql`select count(*) as n from stock_records r where ${DEMO_MADE}`),
      );
      return Number(row?.n ?? 0);
    },

    /** Removes the demo's records, and its items that nothing else names, in the caller's transaction. */
    async remove(within: Db): Promise<number> {
      const removed = rowsOf<{ id: number }>(
        await within.execute(sql`delete from stock_records r where ${DEMO_MADE} returning r.id`),
      );
      await within.execute(sql`delete from supply_items i where i.item_code like ${`${DEMO_ITEM}%`}
        and not exists (select 1 from stock_records r where r.item_id = i.id)`);
      return removed.length;
    },
  };
}

export type DemoWarehouse = ReturnType<typeof createDemoWarehouse>;
