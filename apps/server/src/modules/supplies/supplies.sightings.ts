import {
  IN_USE_STATUS,
  MOVED_STATUS,
  type OwnDevice,
  RECALLED_STATUS,
  RECONCILIATION_CASES,
  type ReconciliationCase,
  type ReconciliationRow,
  type Sighting,
  type SightingScan,
} from '@it4u/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chunks,
  containsAny,
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
  contractCoversSite,
  contractRefColumn,
  contractRefColumns,
  contractRefJoin,
  contractRefOf,
  siteHasCustomer,
  siteOwnerColumn,
  siteOwnerIdColumn,
  siteOwnerJoin,
} from '../contracts/contractRefs.ts';
import { siteRefColumn, siteRefColumns, siteRefJoin } from '../sites/siteRefs.ts';

/** A device a scan found on a site: online at it, or listed but down (then `heardAt`). */
export type SeenNow = {
  mac: string;
  siteId: number;
  serial: string;
  kind: 'device' | 'client';
  model: string;
  name: string;
  /** down: when its controller last heard from it (epoch ms, before the scan); absent: online at the scan */
  heardAt?: number;
};

/** Which rows of the reconciliation: the case, when an issued device should have shown itself, text. */
export type ReconcileFilter = {
  case?: ReconciliationCase;
  /**
   * a stock-out in use issued before this (epoch ms) and never seen online since is "not seen"; one seen since it
   * left, last before this, and not online now is "offline"
   */
  issuedBefore: number;
  q?: string;
};

const SCAN_ROW = 1;
const RETIRED = ['Hư hỏng', RECALLED_STATUS];
const iso = (ms: number) => new Date(ms).toISOString();
const ms = (v: Date | string | null): number => (v === null ? 0 : new Date(v).getTime());

/**
 * The rows of every case: `rec` the stock-out record (null for a device never issued), `mac` and `site_id` the
 * sighting (null when never seen), `at` what orders them (newest first). `online` is when the last finished scan
 * began: a sighting since then was online at it.
 */
function found(f: ReconcileFilter, online: string): SQL {
  const inUse = sql`coalesce(c.status, ${IN_USE_STATUS}) = ${IN_USE_STATUS}`;
  return sql`cur as (
      -- the stock-outs that hold: not moved, and the latest of their MAC and of their serial (a device issued again
      -- is read by its last record, whichever of the two it was recorded by)
      select id, serial, mac, status, export_date, contract_id from (
        select r.id, upper(trim(r.serial_num)) as serial, r.mac, r.status, r.export_date, r.contract_id,
          row_number() over (partition by case when r.mac <> '' then r.mac else 'id ' || r.id end
            order by r.export_date desc, r.id desc) as by_mac,
          row_number() over (partition by case when trim(r.serial_num) <> '' then upper(trim(r.serial_num))
            else 'id ' || r.id end order by r.export_date desc, r.id desc) as by_serial
        from stock_records r
        where r.kind = 'out' and r.status is distinct from ${MOVED_STATUS} and (trim(r.serial_num) <> '' or r.mac <> '')
      ) latest where by_mac = 1 and by_serial = 1
    ),
    matched as (
      select c.id as rid, s.mac, s.site_id, s.first_seen_at, s.last_seen_at
        from cur c join device_sightings s on c.mac <> '' and s.mac = c.mac
      union
      select c.id, s.mac, s.site_id, s.first_seen_at, s.last_seen_at
        from cur c join device_sightings s on c.serial <> '' and s.serial = c.serial
    ),
    -- where each record's device was last seen (the latest of its sightings)
    latest as (
      select distinct on (rid) rid, mac, site_id, last_seen_at from matched
        order by rid, last_seen_at desc, site_id, mac
    ),
    found as (
      select 'notSeen' as kase, c.id as rec, null::text as mac, null::int as site_id, c.export_date as at
        from cur c
        where ${inUse} and c.export_date <= ${iso(f.issuedBefore)}::timestamptz
          and not exists (select 1 from matched m where m.rid = c.id and m.last_seen_at >= c.export_date)
      union all
      select 'offline', c.id, l.mac, l.site_id, l.last_seen_at
        from cur c join latest l on l.rid = c.id
        where ${inUse} and l.last_seen_at >= c.export_date and l.last_seen_at < ${online}::timestamptz
          and l.last_seen_at <= ${iso(f.issuedBefore)}::timestamptz
      union all
      select 'elsewhere', c.id, m.mac, m.site_id, m.first_seen_at
        from cur c join matched m on m.rid = c.id
        where ${inUse} and c.contract_id is not null and m.last_seen_at >= ${online}::timestamptz
          and not ${contractCoversSite(sql`c.contract_id`, sql`m.site_id`)}
      union all
      select 'retired', c.id, m.mac, m.site_id, m.first_seen_at
        from cur c join matched m on m.rid = c.id
        where c.status in (${sql.join(
          RETIRED.map((s) => sql`${s}`),
          sql`, `,
        )}) and m.last_seen_at >= ${online}::timestamptz
      union all
      select 'unissued', null, s.mac, s.site_id, s.first_seen_at
        from device_sightings s
        where s.kind = 'device' and s.last_seen_at >= ${online}::timestamptz and ${siteHasCustomer(sql`s.site_id`)}
          and not exists (select 1 from own_devices o where o.mac = s.mac)
          and not exists (select 1 from stock_records r where r.kind = 'out' and r.mac <> '' and r.mac = s.mac)
          and not exists (select 1 from stock_records r where r.kind = 'out' and s.serial <> ''
            and trim(r.serial_num) <> '' and upper(trim(r.serial_num)) = s.serial)
    )`;
}

type Row = ContractRefRow & {
  kase: ReconciliationCase;
  rec: string | number | null;
  item_code: string | null;
  item_name: string | null;
  serial_num: string | null;
  record_mac: string | null;
  status: string | null;
  export_date: Date | string | null;
  mac: string | null;
  serial: string | null;
  kind: 'device' | 'client' | null;
  model: string | null;
  name: string | null;
  sitename: string | null;
  idname: string | null;
  owner_id: number | null;
  owner_name: string | null;
  first_seen_at: Date | string | null;
  last_seen_at: Date | string | null;
  total?: string | number;
};

/** The columns and joins of a row of `found` (its record, item, contract, sighting, site and the site's customer). */
const DETAILS = sql`select f.kase, f.rec, i.item_code, i.name as item_name, r.serial_num, r.mac as record_mac, r.status,
    r.export_date, ${contractRefColumns}, s.mac, s.serial, s.kind, s.model, s.name, ${siteRefColumns},
    ${siteOwnerIdColumn} as owner_id, ${siteOwnerColumn} as owner_name, s.first_seen_at, s.last_seen_at`;
const DETAILS_FROM = sql`from found f
  left join stock_records r on r.id = f.rec
  left join supply_items i on i.id = r.item_id
  ${contractRefJoin(sql`r.contract_id`)}
  left join device_sightings s on s.mac = f.mac and s.site_id = f.site_id
  ${siteRefJoin(sql`f.site_id`)}
  ${siteOwnerJoin(sql`f.site_id`)}`;
const SEARCHED = [
  'r.serial_num',
  'r.mac',
  'i.item_code',
  'i.name',
  's.mac',
  's.serial',
  's.name',
  's.model',
  siteRefColumn('sitename'),
  siteRefColumn('idname'),
  contractRefColumn('clientName'),
  contractRefColumn('numContract'),
];

function sightingOf(r: Row): Sighting | null {
  if (r.mac === null || r.idname === null) return null;
  return {
    mac: r.mac,
    serial: r.serial ?? '',
    kind: r.kind ?? 'device',
    model: r.model ?? '',
    name: r.name ?? '',
    site: { idname: r.idname, sitename: r.sitename ?? r.idname },
    customer: r.owner_id === null ? null : { id: r.owner_id, clientName: r.owner_name ?? '' },
    firstSeen: ms(r.first_seen_at),
    lastSeen: ms(r.last_seen_at),
  };
}

function rowOf(r: Row): ReconciliationRow {
  return {
    case: r.kase,
    record:
      r.rec === null
        ? null
        : {
            id: Number(r.rec),
            itemCode: r.item_code ?? '',
            itemName: r.item_name ?? '',
            serialNum: r.serial_num ?? '',
            mac: r.record_mac ?? '',
            status: (r.status ?? IN_USE_STATUS) as NonNullable<ReconciliationRow['record']>['status'],
            exportDate: ms(r.export_date),
            contract: contractRefOf(r),
          },
    seen: sightingOf(r),
  };
}

/**
 * The devices seen online (written by the scans) and the warehouse's records read against them. SQL only; the scans
 * and the rules are in supplies.reconcile.ts.
 */
export function createSightingsRepository(db: Db) {
  /** When the last good scan began: a device seen since was online at it (undefined before the first). */
  async function onlineFrom(): Promise<string | undefined> {
    const [row] = rowsOf<{ online_from: Date | string | null }>(
      await db.execute(sql`select online_from from sighting_scans where id = ${SCAN_ROW}`),
    );
    return row?.online_from ? iso(ms(row.online_from)) : undefined;
  }

  return {
    /** The MACs of every stock-out (any status): a client with one of them is one of our devices. */
    async issuedMacs(): Promise<Set<string>> {
      const rows = rowsOf<{ mac: string }>(
        await db.execute(sql`select distinct mac from stock_records where kind = 'out' and mac <> ''`),
      );
      return new Set(rows.map((r) => r.mac));
    },

    /**
     * Writes what a scan saw at `at`: new sightings begin there, known ones are seen again (never back in time: a
     * scan taken over from a stopped instance may still write); a device down is seen when its controller last heard
     * from it (before `at`: not online at this scan). The sites of `unread` (their controller did not answer) keep the
     * state the last good scan saw: what was online then is carried to `at`.
     */
    async record(seen: SeenNow[], at: number, unread: number[]): Promise<void> {
      const col = <T>(rows: T[], f: (r: T) => unknown) => sql.param(rows.map(f));
      // 500 rows a statement, the event loop given back between them: a 2,000-site scan held a bare route 0.7 s
      for (const chunk of chunks(seen, 500)) {
        await new Promise((resolve) => setImmediate(resolve));
        await db.execute(sql`insert into device_sightings (mac, site_id, serial, kind, model, name, first_seen_at, last_seen_at)
          select u.mac, u.site_id, u.serial, u.kind, u.model, u.name, u.seen_at, u.seen_at
          from unnest(${col(chunk, (r) => r.mac)}::text[], ${col(chunk, (r) => r.siteId)}::int[],
            ${col(chunk, (r) => r.serial)}::text[], ${col(chunk, (r) => r.kind)}::text[],
            ${col(chunk, (r) => r.model)}::text[], ${col(chunk, (r) => r.name)}::text[],
            ${col(chunk, (r) => iso(r.heardAt === undefined ? at : Math.min(r.heardAt, at - 1)))}::timestamptz[])
            as u(mac, site_id, serial, kind, model, name, seen_at)
          where exists (select 1 from sites st where st.id = u.site_id)
          on conflict (mac, site_id) do update set serial = excluded.serial, kind = excluded.kind,
            model = excluded.model, name = excluded.name,
            first_seen_at = least(device_sightings.first_seen_at, excluded.first_seen_at),
            last_seen_at = greatest(device_sightings.last_seen_at, excluded.last_seen_at)`);
      }
      const online = await onlineFrom();
      if (unread.length === 0 || !online) return;
      await db.execute(sql`update device_sightings set last_seen_at = ${iso(at)}::timestamptz
        where site_id = any(${sql.param(unread)}::int[]) and last_seen_at >= ${online}::timestamptz
          and last_seen_at < ${iso(at)}::timestamptz`);
    },

    /**
     * Takes the next scan at `at` when the last ended `everyMs` after its start or more, or never ended: asked by the
     * holder of the scans' lease, for whom a scan still marked running was cut short (its instance died or stalled
     * past its lease). True when this instance is to scan.
     */
    async claim(at: number, everyMs: number, fence: SQL): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`insert into sighting_scans (id, started_at) values (${SCAN_ROW}, ${iso(at)}::timestamptz)
          on conflict (id) do update set started_at = excluded.started_at, finished_at = null
          where (sighting_scans.finished_at is null
              or sighting_scans.started_at <= ${iso(at - everyMs)}::timestamptz) and ${fence}
          returning id`),
      );
      return rows.length > 0;
    },

    /**
     * The scan begun at `startedAt` ended at `at`: what it read (its devices are the ones online from now on), or
     * nothing when it failed (the last good scan's picture stands, and the failure is said). Nothing when another
     * holder of the scans' lease took over since (`fence`).
     */
    async finish(startedAt: number, at: number, fence: SQL, read?: { sites: number; unread: number }): Promise<void> {
      const done = sql`finished_at = ${iso(at)}::timestamptz`;
      await db.execute(
        sql`update sighting_scans set ${
          read
            ? sql`${done}, online_from = ${iso(startedAt)}::timestamptz, read_at = ${iso(at)}::timestamptz,
              failed_at = null, sites = ${read.sites}, unread = ${read.unread}`
            : sql`${done}, failed_at = ${iso(at)}::timestamptz`
        } where id = ${SCAN_ROW} and started_at = ${iso(startedAt)}::timestamptz and ${fence}`,
      );
    },

    /** The last good scan, and when a later one failed; null before the first good one. */
    async lastScan(): Promise<SightingScan> {
      const [row] = rowsOf<{
        online_from: Date | string | null;
        read_at: Date | string | null;
        failed_at: Date | string | null;
        sites: number;
        unread: number;
      }>(
        await db.execute(
          sql`select online_from, read_at, failed_at, sites, unread from sighting_scans where id = ${SCAN_ROW}`,
        ),
      );
      if (!row?.online_from || !row.read_at) return null;
      return {
        startedAt: ms(row.online_from),
        finishedAt: ms(row.read_at),
        sites: row.sites,
        unread: row.unread,
        failedAt: row.failed_at ? ms(row.failed_at) : null,
      };
    },

    /** How many rows each case has (no text filter). */
    async counts(f: ReconcileFilter, online: string | undefined): Promise<Record<ReconciliationCase, number>> {
      const counts = Object.fromEntries(RECONCILIATION_CASES.map((c) => [c, 0])) as Record<ReconciliationCase, number>;
      if (!online) return counts;
      const rows = rowsOf<{ kase: ReconciliationCase; n: string | number }>(
        await db.execute(sql`with ${found(f, online)} select kase, count(*) as n from found group by kase`),
      );
      for (const r of rows) counts[r.kase] = Number(r.n);
      return counts;
    },

    /** When the last good scan began (undefined before the first): what `counts` and `page` read against. */
    onlineFrom,

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /** The devices marked as the operator's own, newest first. */
    async ownDevices(): Promise<OwnDevice[]> {
      const rows = rowsOf<OwnRow>(
        await db.execute(sql`select mac, note, marked_at, marked_by from own_devices order by marked_at desc, mac
          limit 10000`),
      );
      return rows.map(ownOf);
    },

    /** Marks a device as the operator's own (again: its note and who marked it replaced); answers it before and after. */
    async markOwn(
      mac: string,
      note: string,
      by: string,
      at: number,
      tx: Db = db,
    ): Promise<{ before: OwnDevice | undefined; after: OwnDevice }> {
      const [prev] = rowsOf<OwnRow>(
        await tx.execute(sql`select mac, note, marked_at, marked_by from own_devices where mac = ${mac} for update`),
      );
      const [row] = rowsOf<OwnRow>(
        await tx.execute(sql`insert into own_devices (mac, note, marked_at, marked_by)
          values (${mac}, ${note}, ${iso(at)}::timestamptz, ${by})
          on conflict (mac) do update set note = excluded.note, marked_at = excluded.marked_at,
            marked_by = excluded.marked_by
          returning mac, note, marked_at, marked_by`),
      );
      if (!row) throw new Error('an own device was neither written nor found');
      return { before: prev ? ownOf(prev) : undefined, after: ownOf(row) };
    },

    /** The device is no longer the operator's own: what it was, or undefined when it was not marked. */
    async unmarkOwn(mac: string, tx: Db = db): Promise<OwnDevice | undefined> {
      const [row] = rowsOf<OwnRow>(
        await tx.execute(sql`delete from own_devices where mac = ${mac} returning mac, note, marked_at, marked_by`),
      );
      return row ? ownOf(row) : undefined;
    },

    /**
     * Where a stock-out's device (by its MAC or serial) was seen at a site since it was issued, with that site's
     * customer (the contract the site's owner has), or undefined when no scan saw it there since.
     */
    async seenAt(recordId: number, idname: string): Promise<{ customerId: number | null } | undefined> {
      const [row] = rowsOf<{ owner_id: number | null }>(
        await db.execute(sql`select ${siteOwnerIdColumn} as owner_id
          from stock_records r
          join device_sightings s on (r.mac <> '' and s.mac = r.mac)
            or (trim(r.serial_num) <> '' and s.serial = upper(trim(r.serial_num)))
          join sites t on t.id = s.site_id and t.idname = ${idname}
          ${siteOwnerJoin(sql`s.site_id`)}
          where r.id = ${recordId} and r.kind = 'out' and s.last_seen_at >= r.export_date
          limit 1`),
      );
      return row ? { customerId: row.owner_id === null ? null : Number(row.owner_id) } : undefined;
    },

    /**
     * A page of the rows (of one case, or of all), newest first, and how many there are in all; nothing before the
     * first good scan (nothing is known of the network yet).
     */
    async page(
      f: ReconcileFilter,
      online: string | undefined,
      offset: number,
      limit: number,
    ): Promise<{ items: ReconciliationRow[]; total: number }> {
      if (!online) return { items: [], total: 0 };
      const rows = rowsOf<Row>(
        await db.execute(sql`with ${found(f, online)}
          ${DETAILS}, count(*) over () as total ${DETAILS_FROM}
          where ${f.case ? sql`f.kase = ${f.case}` : sql`true`} and ${containsAny(f.q, SEARCHED)}
          order by f.kase, f.at desc, f.rec, f.mac, f.site_id
          limit ${limit} offset ${offset}`),
      );
      return { items: rows.map(rowOf), total: Number(rows[0]?.total ?? 0) };
    },

    /** Where a serial was seen, or the MACs its stock-outs give: latest first. */
    async seenOf(serial: string): Promise<Sighting[]> {
      const wanted = serial.trim().toUpperCase();
      const rows = rowsOf<Row>(
        await db.execute(sql`select s.mac, s.serial, s.kind, s.model, s.name, ${siteRefColumns},
            ${siteOwnerIdColumn} as owner_id, ${siteOwnerColumn} as owner_name, s.first_seen_at, s.last_seen_at
          from device_sightings s ${siteRefJoin(sql`s.site_id`, 'inner')} ${siteOwnerJoin(sql`s.site_id`)}
          where s.serial = ${wanted} or s.mac in (select r.mac from stock_records r
            where r.kind = 'out' and r.mac <> '' and trim(r.serial_num) <> '' and upper(trim(r.serial_num)) = ${wanted})
          order by s.last_seen_at desc, s.first_seen_at desc
          limit 200`),
      );
      return rows.flatMap((r) => sightingOf(r) ?? []);
    },

    /**
     * The network devices (access points, switches, gateways) whose name or model holds the folded words (the search
     * box), as the last scans saw them; `within`: on these sites (short names) only.
     */
    async searchDevices(terms: SearchTerms, page: SearchPage, within?: string[]): Promise<FoundDevice[]> {
      const rows = await searchRows<{
        mac: string;
        name: string;
        model: string;
        idname: string;
        sitename: string;
        last_seen_at: Date | string;
      }>(
        db,
        sql`with m as materialized (select mac, site_id, ${foldedRank(terms)} as rank from device_sightings
            where kind = 'device' and ${foldedContains(terms)})
          select s.mac, s.name, s.model, t.idname, t.sitename, s.last_seen_at
          from device_sightings s join m on m.mac = s.mac and m.site_id = s.site_id join sites t on t.id = s.site_id
          ${within ? sql`where t.idname = any(${sql.param(within)}::text[])` : sql``}
          order by m.rank, s.name, t.sitename, s.mac ${pageOf(page)}`,
      );
      return rows.map((r) => ({
        mac: r.mac,
        name: r.name,
        model: r.model,
        site: { idname: r.idname, sitename: r.sitename },
        lastSeenAt: new Date(r.last_seen_at).getTime(),
      }));
    },
  };
}

type OwnRow = { mac: string; note: string; marked_at: Date | string; marked_by: string };
const ownOf = (r: OwnRow): OwnDevice => ({
  mac: r.mac,
  note: r.note,
  markedAt: ms(r.marked_at),
  markedBy: r.marked_by,
});

/** A network device the search box found: its site, and when a scan last saw it (epoch ms). */
export type FoundDevice = {
  mac: string;
  name: string;
  model: string;
  site: { idname: string; sitename: string };
  lastSeenAt: number;
};

export type SightingsRepository = ReturnType<typeof createSightingsRepository>;
