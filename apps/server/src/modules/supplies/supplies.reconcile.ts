import {
  canonicalMac,
  MOVED_STATUS,
  type OwnDevice,
  RECONCILIATION_CASES,
  type ReconciliationCase,
  type ReconciliationFilter,
  type ReconciliationPage,
  type ReconciliationRow,
  type Sighting,
  type SightingScan,
  type StockOutStatus,
  type StockRecord,
} from '@it4u/shared';
import { toDeviceIds, toOnlineClients } from '../../integrations/unifi/unifi.map.ts';
import { type Audit, changes } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../../lib/errors.ts';
import type { Lease, Leases } from '../../lib/leases.ts';
import { eachAtOnce } from '../../lib/pool.ts';
import { buildSheet, exportQueue } from '../../lib/spreadsheet.ts';
import type { SiteHealth } from '../sites/sites.service.ts';
import type { SuppliesService } from './supplies.service.ts';
import type { SeenNow, SightingsRepository } from './supplies.sightings.ts';

/** How often the controllers' devices are read for the reconciliation, unless configured. */
export const SCAN_EVERY_MS = 15 * 60_000;
/** The scans' lease (lib/leases.ts): one at a time across the instances, taken over when its holder dies. */
const DUTY = 'sightings';
/** A scan asked for now waits for this since the last began (each reads every site of every controller). */
const ASKED_EVERY_MS = 60_000;
/** How old a site's lists a scan on its own takes (the dashboards' reads within it are reused); one asked reads now. */
const SCAN_READ_TTL_MS = 60_000;
const SITES_AT_ONCE = 6;
const DAY = 86_400_000;
/** The most rows an export holds. */
export const RECONCILIATION_EXPORT_MAX = 100_000;

type Lang = 'en' | 'vi';
const CASE_LABELS: Record<Lang, Record<ReconciliationCase, string>> = {
  en: {
    notSeen: 'Issued, never seen online',
    offline: 'Seen online since issued, offline now',
    elsewhere: "Online elsewhere than its customer's sites",
    retired: 'Recalled or broken, still online',
    unissued: 'Online, never issued',
  },
  vi: {
    notSeen: 'Đã xuất, chưa từng thấy trực tuyến',
    offline: 'Đã thấy trực tuyến sau khi xuất, nay ngoại tuyến',
    elsewhere: 'Trực tuyến ở nơi khác ngoài địa điểm của khách hàng',
    retired: 'Thu hồi hoặc hư hỏng nhưng vẫn trực tuyến',
    unissued: 'Trực tuyến nhưng chưa từng xuất kho',
  },
};
/** The stock-out statuses in English (the spec stores them in Vietnamese, as the Vietnamese export says them). */
const STATUS_EN: Record<StockOutStatus, string> = {
  'Đang sử dụng': 'In use',
  'Hư hỏng': 'Broken',
  'Thu hồi': 'Recalled',
  'Đã dịch chuyển': 'Moved',
};
const EXPORT_HEADERS: Record<Lang, string[]> = {
  en: [
    'Case',
    'Item code',
    'Item',
    'Serial',
    'MAC',
    'Status',
    'Issued on',
    'Contract',
    'Customer (record)',
    'Seen at site',
    'Site name',
    'Customer (site)',
    'Seen MAC',
    'Model',
    'Device name',
    'First seen',
    'Last seen',
  ],
  vi: [
    'Trường hợp',
    'Mã vật tư',
    'Vật tư',
    'Số serial',
    'MAC',
    'Trạng thái',
    'Ngày xuất',
    'Hợp đồng',
    'Khách hàng (phiếu xuất)',
    'Thấy tại địa điểm',
    'Tên địa điểm',
    'Khách hàng (địa điểm)',
    'MAC thấy được',
    'Model',
    'Tên thiết bị',
    'Thấy lần đầu',
    'Thấy lần cuối',
  ],
};

/**
 * The warehouse read against the network. A scan reads every site's device list (and, when the warehouse issued
 * MACs, its clients) from its controller, a few sites at a time, once across instances every 15 minutes, and writes
 * where each device was seen online (or, down, when it last was); the five cases are then queries of the stock-out
 * records against those sightings, with where (site and customer) and since when. Each mismatch can be settled from
 * here: the device recalled, issued again to the customer whose site has it, or marked as the operator's own.
 */
export function createReconciliation(deps: {
  sightings: SightingsRepository;
  /** the warehouse's records: a mismatch is settled by changing them as a person would */
  records: Pick<SuppliesService, 'getRecord' | 'recall' | 'reissue'>;
  audit: Audit;
  leases: Leases;
  /** every controller's sites, and where each is read */
  health: (ttlMs: number) => Promise<SiteHealth>;
  now: () => number;
  everyMs?: number;
}) {
  const { sightings, now } = deps;
  const everyMs = deps.everyMs ?? SCAN_EVERY_MS;
  /** the server stops: a scan under way ends at its next site, as failed (the last good picture stands) */
  let stopping = false;

  /**
   * One scan (undefined when another instance's runs, or the last began under `everyMs` ago, a minute for one asked).
   * A site whose controller does not answer keeps what the last good scan saw of it; a scan that could read no site
   * at all is a failure (the last good scan's picture stands).
   */
  async function scan(asked: boolean): Promise<SightingScan | undefined> {
    // renewed while the scan reads (however long 2,000 sites take); a scan whose instance died is taken over once
    // its lease has run out
    const held = await deps.leases.run(DUTY, async (lease) => {
      const startedAt = now();
      if (!(await sightings.claim(startedAt, asked ? ASKED_EVERY_MS : everyMs, lease.fence))) return undefined;
      return read(asked, startedAt, lease);
    });
    return held?.value;
  }

  async function read(asked: boolean, startedAt: number, lease: Lease): Promise<SightingScan> {
    const ttl = asked ? 0 : SCAN_READ_TTL_MS;
    try {
      const health = await deps.health(ttl);
      const issued = await sightings.issuedMacs();
      const down = new Set(health.down.map((d) => d.entry));
      const seen = new Map<string, SeenNow>();
      // one sighting per MAC and site: online beats down (a down device listed, the same MAC online as a client),
      // then a device beats a client
      const rank = (s: SeenNow) => (s.heardAt === undefined ? 2 : 0) + (s.kind === 'device' ? 1 : 0);
      const see = (s: SeenNow) => {
        const key = `${s.mac}/${s.siteId}`;
        const before = seen.get(key);
        if (!before || rank(s) > rank(before)) seen.set(key, s);
      };
      const unread: number[] = [];
      let sites = 0;
      await eachAtOnce(health.located, SITES_AT_ONCE, async (site) => {
        if (stopping) throw new Error('the server is stopping');
        if (lease.signal.aborted) throw lease.signal.reason;
        const on = health.where.get(site.idname);
        if (!on) return;
        // its controller is not read: unknown (kept as it was); read, but without the site: nothing of it is online
        if (down.has(on.entry)) {
          unread.push(site.id);
          return;
        }
        if (!health.bySite.has(site.idname)) return;
        try {
          const [devices, clients] = await Promise.all([
            on.controller.devices(on.site, ttl),
            issued.size > 0 ? on.controller.stationsNow(on.site) : [],
          ]);
          // a device listed but down was last online when its controller last heard from it (unpoller/unifi's
          // UAP/USW/UDM `last_seen`, seconds; `state` 1 is connected): what makes it "offline since", not "never seen"
          for (const { connected, lastSeen, ...d } of toDeviceIds(devices)) {
            if (connected) see({ ...d, siteId: site.id, kind: 'device' });
            else if (lastSeen > 0) see({ ...d, siteId: site.id, kind: 'device', heardAt: lastSeen });
          }
          for (const c of toOnlineClients(clients))
            if (issued.has(c.mac)) see({ ...c, siteId: site.id, serial: '', kind: 'client', model: '' });
          sites++;
        } catch {
          unread.push(site.id);
        }
      });
      if (sites === 0 && unread.length > 0) {
        // the controllers' own error, said in words (a controller that does not answer, refuses the sign-in, …)
        const said = health.down[0]?.error;
        throw said instanceof AppError
          ? said
          : new UnavailableError(502, 'controllerUnreachable', { reason: 'no site could be read' });
      }
      if (lease.signal.aborted) throw lease.signal.reason;
      await sightings.record([...seen.values()], startedAt, unread);
      const finishedAt = now();
      await sightings.finish(startedAt, finishedAt, lease.fence, { sites, unread: unread.length });
      return { startedAt, finishedAt, sites, unread: unread.length, failedAt: null };
    } catch (err) {
      await sightings.finish(startedAt, now(), lease.fence).catch(() => undefined);
      throw err;
    }
  }

  const filterOf = (f: ReconciliationFilter) => ({
    case: f.case,
    issuedBefore: now() - f.days * DAY,
    q: f.q,
  });

  return {
    /** The job's scan: when due, once across instances. */
    scanDue: () => scan(false),

    /** The server stops: a scan under way gives up at its next site (and is marked failed, not left claimed). */
    stop() {
      stopping = true;
    },

    /** A scan asked for now; refused while another runs, or within a minute of the last one's start. */
    async scanNow(): Promise<SightingScan> {
      const done = await scan(true);
      if (!done) throw new ConflictError('sightingScanRunning');
      return done;
    },

    /**
     * A page of one case (the asked one, else the first with rows), the counts of every case, the last good scan:
     * all read against that one scan. Nothing before the first (nothing is known of the network yet).
     */
    async page(f: ReconciliationFilter & { page: number; pageSize: number }): Promise<ReconciliationPage> {
      const filter = filterOf(f);
      const [online, scanned] = await Promise.all([sightings.onlineFrom(), sightings.lastScan()]);
      const counts = await sightings.counts(filter, online);
      const kase = f.case ?? RECONCILIATION_CASES.find((c) => counts[c] > 0) ?? 'notSeen';
      const { items, total } = await sightings.page(
        { ...filter, case: kase },
        online,
        (f.page - 1) * f.pageSize,
        f.pageSize,
      );
      return { case: kase, items, total, counts, scan: scanned };
    },

    /** The rows (of a case, or all) as a workbook, one row each, in the reader's language. */
    export(f: ReconciliationFilter & { lang?: Lang }): Promise<Buffer> {
      const lang = f.lang ?? 'vi';
      return exportQueue.run(async () => {
        const { items } = await sightings.page(filterOf(f), await sightings.onlineFrom(), 0, RECONCILIATION_EXPORT_MAX);
        return buildSheet(
          'Reconciliation',
          EXPORT_HEADERS[lang],
          items.map((r) => exportRow(r, lang)),
        );
      });
    },

    /** Where a serial was seen online. */
    seenOf: (serial: string): Promise<Sighting[]> => sightings.seenOf(serial),

    /** A mismatch settled: the record's device is back in the warehouse. */
    recall: (id: number, ctx: RequestContext): Promise<StockRecord> => deps.records.recall(id, ctx),

    /**
     * A mismatch settled: the record's device is issued again, to the customer of a site where a scan saw it since it
     * was issued (a new stock-out dated now, with the record's item, serial, MAC and warranty; the earlier one moved).
     */
    async move(id: number, site: string, ctx: RequestContext): Promise<StockRecord> {
      const record = await deps.records.getRecord('out', id);
      if (record.status === MOVED_STATUS) throw new ConflictError('recordMoved');
      const there = await sightings.seenAt(id, site);
      if (!there) throw new AppError(409, 'notSeenAtSite', { site });
      if (there.customerId === null) throw new AppError(409, 'siteHasNoCustomer', { site });
      return deps.records.reissue(id, there.customerId, now(), ctx);
    },

    /** The devices marked as the operator's own. */
    ownDevices: () => sightings.ownDevices(),

    /** Marks a device as the operator's own: it leaves "online, never issued". */
    async markOwn(typed: string, note: string, ctx: RequestContext): Promise<OwnDevice> {
      const mac = macOf(typed);
      return sightings.transaction(async (tx) => {
        const { before, after } = await sightings.markOwn(mac, note.trim(), ctx.actor.username, now(), tx);
        const details = before
          ? { changed: changes({ note: before.note }, { note: after.note }) }
          : { note: after.note };
        await deps.audit.record('supplies.own.mark', ctx, { target: `device:${mac}`, details }, tx);
        return after;
      });
    },

    /** The device is no longer marked as the operator's own (undo). */
    async unmarkOwn(typed: string, ctx: RequestContext): Promise<void> {
      const mac = macOf(typed);
      await sightings.transaction(async (tx) => {
        const was = await sightings.unmarkOwn(mac, tx);
        if (!was) throw new NotFoundError('notFound');
        await deps.audit.record(
          'supplies.own.unmark',
          ctx,
          { target: `device:${mac}`, details: { note: was.note } },
          tx,
        );
      });
    },
  };
}

const when = (ms: number | undefined) => (ms ? new Date(ms) : '');

/** A MAC as the console stores it, or 400. */
function macOf(typed: string): string {
  const mac = canonicalMac(typed);
  if (!mac) throw new BadRequestError('notAMac', 'mac', { value: typed });
  return mac;
}

function exportRow(r: ReconciliationRow, lang: Lang): unknown[] {
  const { record, seen } = r;
  const status = record ? (lang === 'en' ? STATUS_EN[record.status] : record.status) : '';
  return [
    CASE_LABELS[lang][r.case],
    record?.itemCode ?? '',
    record?.itemName ?? '',
    record?.serialNum || seen?.serial || '',
    record?.mac ?? '',
    status,
    when(record?.exportDate),
    record?.contract?.numContract ?? '',
    record?.contract?.clientName ?? '',
    seen?.site.idname ?? '',
    seen?.site.sitename ?? '',
    seen?.customer?.clientName ?? '',
    seen?.mac ?? '',
    seen?.model ?? '',
    seen?.name ?? '',
    when(seen?.firstSeen),
    when(seen?.lastSeen),
  ];
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
