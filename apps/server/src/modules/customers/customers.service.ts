import {
  type AuditEntry,
  type Contract,
  CUSTOMER_PART_MAX,
  type CustomerPage,
  type CustomerRow,
  type CustomerSite,
  type CustomerVouchers,
  type CustomerWanSite,
  type Page,
  TIMELINE_KINDS,
  type Timeline,
  type TimelineEntry,
  type TimelineKind,
  WAN_STALE_AFTER_MS,
} from '@it4u/shared';
import { wlanHealth } from '../../integrations/unifi/unifi.map.ts';
import { type Actor, mayDo, seesAllSites } from '../../lib/context.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type { AuditOfCustomer } from '../audit/audit.module.ts';
import type { ChannelsOfCustomer } from '../channels/channels.module.ts';
import type { ContractsOfCustomers } from '../contracts/contracts.module.ts';
import type { ApState } from '../dashboard/dashboard.service.ts';
import type { DeviceInfoOfCustomer } from '../deviceinfo/deviceInfo.module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { StockOfCustomer } from '../supplies/supplies.module.ts';
import type { TerminalOfCustomer } from '../terminal/terminal.module.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import type { WanLinksOfCustomer } from '../wanLinks/wanLinks.module.ts';

/** The end of year 9999 (the API's last time). */
const MAX_EPOCH = 253_402_300_799_999;
/** How long the sites' health and access points may be (the dashboards' refresh). */
const HEALTH_TTL_MS = 30_000;
/** The newest vouchers a site shows on the page. */
const NEWEST_VOUCHERS = 5;
/** The events of the trail each kind of the timeline shows. */
const AUDIT_EVENTS: Partial<Record<TimelineKind, string[]>> = {
  deviceInfo: ['deviceInfo.create', 'deviceInfo.update', 'deviceInfo.passwords', 'deviceInfo.delete'],
  equipment: ['supplies.out.update', 'supplies.out.delete'],
  settings: ['wireless.', 'splash.', 'cronjob.', 'site.update'],
  vouchers: ['voucher.create'],
  contract: ['contract.'],
};

/** The parts of a customer's page, and the kinds of its timeline, a caller may read. */
function partsFor(actor: Actor) {
  const staff = seesAllSites(actor);
  const manage = mayDo(actor, 'manage');
  const report = mayDo(actor, 'customerReport');
  const terminal = mayDo(actor, 'terminal');
  const kinds: TimelineKind[] = TIMELINE_KINDS.filter((k) => {
    switch (k) {
      case 'accessPoint':
      case 'vouchers':
        return true;
      case 'wan':
        return report;
      case 'equipment':
        return manage || !staff;
      case 'terminal':
        return terminal;
      default:
        return manage;
    }
  });
  return {
    wanLinks: report,
    channels: manage,
    // the equipment installed for a customer is theirs to see on their own page
    equipment: manage || !staff,
    deviceInfo: manage,
    terminal,
    /** the terminal sessions of everyone (others see their own) */
    everyonesSessions: mayDo(actor, 'terminalTrust'),
    kinds,
  };
}

const errorCode = (error: unknown) => (error instanceof AppError ? error.code : 'controllerUnavailable');
const cut = <T>(rows: T[], part: string, more: string[]): T[] => {
  if (rows.length <= CUSTOMER_PART_MAX) return rows;
  more.push(part);
  return rows.slice(0, CUSTOMER_PART_MAX);
};

/**
 * One customer, one page: a contract with what every area knows of it (each part read through that area's own port),
 * and one timeline merged from the areas' histories. A customer (ROLE_KH) sees only a contract whose sites are all
 * theirs; any other is not found.
 */
export function createCustomersService(deps: {
  contracts: ContractsOfCustomers;
  sites: Pick<SitesService, 'health'>;
  accessPoints: (site: string) => Promise<ApState[]>;
  wanLinks: WanLinksOfCustomer;
  channels: ChannelsOfCustomer;
  stock: StockOfCustomer;
  deviceInfo: DeviceInfoOfCustomer;
  terminal: TerminalOfCustomer;
  vouchers: Pick<VouchersService, 'page'>;
  audit: AuditOfCustomer;
  now: () => number;
}) {
  const ownSites = (actor: Actor) => actor.sitename.map((s) => s.idname);

  async function mustSee(actor: Actor, id: number): Promise<Contract> {
    const contract = await deps.contracts.find(id);
    if (!contract) throw new NotFoundError('contractNotFound');
    if (!seesAllSites(actor)) {
      const own = new Set(ownSites(actor));
      if (contract.sitename.length === 0 || contract.sitename.some((s) => !own.has(s.idname))) {
        throw new NotFoundError('contractNotFound');
      }
    }
    return contract;
  }

  /** Each site's wifi now: its health from the shared overview read, its access points from the devices read. */
  async function sitesNow(contract: Contract): Promise<{ sites: CustomerSite[]; aps: Map<string, ApState[]> }> {
    const health = await deps.sites.health(HEALTH_TTL_MS).catch(() => undefined);
    const aps = new Map<string, ApState[]>();
    const sites = await Promise.all(
      contract.sitename.map(async (s): Promise<CustomerSite> => {
        const h = health?.bySite.has(s.idname) ? wlanHealth(health.bySite.get(s.idname)) : undefined;
        try {
          const states = await deps.accessPoints(s.idname);
          aps.set(s.idname, states);
          const up = states.filter((a) => a.connected);
          return {
            sitename: s.sitename,
            idname: s.idname,
            status: h?.status ?? 'unknown',
            apsUp: up.length,
            apsDown: states.length - up.length,
            clients: up.reduce((n, a) => n + a.clients, 0),
            down: states.filter((a) => !a.connected).map((a) => ({ name: a.name, mac: a.mac, since: a.since })),
            error: null,
          };
        } catch (error) {
          return {
            sitename: s.sitename,
            idname: s.idname,
            status: h?.status ?? 'unknown',
            apsUp: h ? h.connected : null,
            apsDown: h ? h.adopted - h.connected : null,
            clients: null,
            down: [],
            error: errorCode(error),
          };
        }
      }),
    );
    return { sites, aps };
  }

  /** The customer report's sites of the contract's sites. */
  async function wanSitesOf(contract: Contract) {
    return deps.wanLinks.ofSites(contract.sitename.map((s) => s.idname));
  }

  async function vouchersOf(actor: Actor, site: string): Promise<CustomerVouchers> {
    try {
      const page = await deps.vouchers.page(actor, site, {
        page: 1,
        pageSize: NEWEST_VOUCHERS,
        sort: 'createTime:desc',
      });
      return {
        site,
        total: page.siteTotal,
        statuses: page.statuses,
        newest: page.items.map((v) => ({ id: v.id, code: v.code, createTime: v.createTime, status: v.status })),
        error: null,
      };
    } catch (error) {
      return { site, total: null, statuses: {}, newest: [], error: errorCode(error) };
    }
  }

  return {
    /** The customers a caller may open: every contract for staff, a customer's own. */
    async list(actor: Actor, query: { q?: string; page: number; pageSize: number }): Promise<Page<CustomerRow>> {
      const own = seesAllSites(actor) ? undefined : ownSites(actor);
      const offset = (query.page - 1) * query.pageSize;
      const page = await deps.contracts.page(query.q, offset, query.pageSize, own);
      return {
        total: page.total,
        items: page.items.map((c) => ({
          id: c.id,
          numContract: c.numContract,
          clientName: c.clientName,
          companyName: c.companyName,
          phone: c.phone,
          street: c.street,
          segment: c.segment,
          sites: c.sitename,
        })),
      };
    },

    async page(actor: Actor, id: number): Promise<CustomerPage> {
      const contract = await mustSee(actor, id);
      const parts = partsFor(actor);
      const more: string[] = [];
      const wanLinks = async (): Promise<CustomerWanSite[] | null> => {
        if (!parts.wanLinks) return null;
        const sites = await wanSitesOf(contract);
        return Promise.all(
          sites.map(async (s) => {
            const { links } = await deps.wanLinks.history(s);
            const stale = s.lastPushAt === null || deps.now() - s.lastPushAt.getTime() > WAN_STALE_AFTER_MS;
            return {
              id: s.id,
              sitename: s.sitename,
              idname: s.idname,
              stale,
              lastPush: s.lastPushAt?.getTime() ?? null,
              links,
            };
          }),
        );
      };
      const channels = async () => {
        if (!parts.channels) return null;
        const rows = await deps.channels.ofContract(contract.id, CUSTOMER_PART_MAX + 1);
        return cut(rows, 'channels', more).map((d) => ({
          id: d.channelAttribute.id,
          detailId: d.id,
          name: d.channelAttribute.name,
          provider: d.channelAttribute.channelValue?.channelName.name ?? '',
          servicePack: d.channelAttribute.channelValue?.servicePack ?? '',
          status: d.channelAttribute.status,
          usernamePppoe: d.channelAttribute.usernamePPPoE,
          ipAddress: d.ipAddress,
          dateOnline: d.dateOnline,
        }));
      };
      const equipment = async () => {
        if (!parts.equipment) return null;
        const rows = await deps.stock.stockOuts(contract.id, CUSTOMER_PART_MAX + 1);
        return cut(rows, 'equipment', more).map((r) => ({
          id: r.id,
          exportDate: r.exportDate,
          itemCode: r.listSupplies?.itemCode ?? '',
          itemName: r.listSupplies?.name ?? '',
          serialNum: r.serialNum,
          mac: r.mac,
          status: r.status ?? '',
        }));
      };
      const devices = async () => {
        if (!parts.deviceInfo && !parts.terminal) return { rows: null, sessions: null };
        const all = await deps.deviceInfo.ofContract(contract.id, CUSTOMER_PART_MAX + 1);
        const rows = parts.deviceInfo ? cut(all, 'deviceInfo', more) : null;
        if (!parts.terminal) return { rows, sessions: null };
        const sessions = await deps.terminal.ofDevices(
          all.map((d) => d.id),
          new Date(MAX_EPOCH),
          CUSTOMER_PART_MAX + 1,
          parts.everyonesSessions ? undefined : actor.id,
        );
        return { rows, sessions: cut(sessions, 'terminalSessions', more) };
      };
      const [now, links, chans, equip, dev, vouchers] = await Promise.all([
        sitesNow(contract),
        wanLinks(),
        channels(),
        equipment(),
        devices(),
        Promise.all(contract.sitename.map((s) => vouchersOf(actor, s.idname))),
      ]);
      return {
        asOf: deps.now(),
        contract,
        sites: now.sites,
        wanLinks: links,
        channels: chans,
        equipment: equip,
        deviceInfo: dev.rows,
        terminalSessions: dev.sessions,
        vouchers,
        more,
        timelineKinds: parts.kinds,
      };
    },

    /**
     * What happened to a customer before a time, newest first, of the kinds asked (and allowed): each source is read
     * for `limit + 1` entries before that time, the lot merged and cut. Entries sharing the last entry's time are
     * kept for the next page, so that a page never splits a millisecond.
     */
    async timeline(
      actor: Actor,
      id: number,
      query: { kinds?: string; before?: number; limit: number },
    ): Promise<Timeline> {
      const contract = await mustSee(actor, id);
      const parts = partsFor(actor);
      const asked = query.kinds ? new Set(query.kinds.split(',').filter(Boolean)) : undefined;
      const kinds = new Set(parts.kinds.filter((k) => !asked || asked.has(k)));
      // without a time: everything (the trail's lines are stamped by the database's clock, which may be ahead)
      const before = new Date(query.before ?? MAX_EPOCH);
      const n = query.limit + 1;
      const sites = contract.sitename.map((s) => s.idname);
      const sources: Promise<TimelineEntry[]>[] = [];

      if (kinds.has('wan')) {
        sources.push(
          (async () => {
            const wanSites = await wanSitesOf(contract);
            const names = new Map(wanSites.map((s) => [s.id, s.idname ?? s.sitename]));
            const rows = await deps.wanLinks.changesBefore([...names.keys()], before, n);
            return rows.map((r) => ({
              key: `wan:${r.siteId}:${r.wan}:${r.at.getTime()}`,
              at: r.at.getTime(),
              kind: 'wan' as const,
              what: `wan.${r.state}`,
              by: 'router',
              facts: { site: names.get(r.siteId) ?? '', wan: r.wan, provider: r.provider, ip: r.ip },
            }));
          })(),
        );
      }
      if (kinds.has('accessPoint')) {
        sources.push(
          Promise.all(
            sites.map(async (site) => {
              const states = await deps.accessPoints(site).catch(() => [] as ApState[]);
              return states
                .filter((a) => a.since !== null && a.since < before.getTime())
                .map((a) => ({
                  key: `ap:${site}:${a.mac}`,
                  at: a.since ?? 0,
                  kind: 'accessPoint' as const,
                  what: a.connected ? 'accessPoint.up' : 'accessPoint.down',
                  by: 'controller',
                  facts: { site, name: a.name, mac: a.mac },
                }));
            }),
          ).then((all) => all.flat()),
        );
      }
      if (kinds.has('channel')) {
        sources.push(
          (async () => {
            const channels = await deps.channels.ofContract(contract.id, CUSTOMER_PART_MAX);
            const names = new Map(channels.map((c) => [c.channelAttribute.id, c.channelAttribute.name]));
            const rows = await deps.channels.historyOf([...names.keys()], before, n);
            return rows.map((h) => {
              const status = h.changes.find((c) => c.field === 'status');
              return {
                key: `channel:${h.id}`,
                at: h.at,
                kind: 'channel' as const,
                what: status && h.action === 'update' ? 'channel.status' : `channel.${h.entity}.${h.action}`,
                by: h.actorName,
                facts: {
                  channel: names.get(h.attributeId) ?? '',
                  channelId: h.attributeId,
                  from: status ? String(status.old ?? '') : null,
                  to: status ? String(status.new ?? '') : null,
                },
              };
            });
          })(),
        );
      }
      const records = kinds.has('equipment') ? deps.stock.stockOuts(contract.id, CUSTOMER_PART_MAX) : undefined;
      if (records) {
        sources.push(
          deps.stock.stockOuts(contract.id, n, before.getTime()).then((rows) =>
            rows.map((r) => ({
              key: `out:${r.id}`,
              at: r.exportDate,
              kind: 'equipment' as const,
              what: 'equipment.out',
              by: '',
              facts: { item: r.listSupplies?.name ?? '', serial: r.serialNum, mac: r.mac, status: r.status ?? '' },
            })),
          ),
        );
      }
      const devices =
        kinds.has('deviceInfo') || kinds.has('terminal')
          ? deps.deviceInfo.ofContract(contract.id, CUSTOMER_PART_MAX)
          : undefined;
      if (devices && kinds.has('terminal')) {
        sources.push(
          devices.then(async (rows) => {
            const sessions = await deps.terminal.ofDevices(
              rows.map((d) => d.id),
              before,
              n,
              parts.everyonesSessions ? undefined : actor.id,
            );
            return sessions.map((s) => ({
              key: `terminal:${s.id}`,
              at: s.startedAt,
              kind: 'terminal' as const,
              what: 'terminal.session',
              by: s.actorName,
              facts: { site: s.site, host: s.host, sessionId: s.id, endedAt: s.endedAt },
            }));
          }),
        );
      }
      // the trail's lines about the contract, its sites, its device rows and its stock-outs
      const auditKinds = [...kinds].filter((k) => AUDIT_EVENTS[k]);
      if (auditKinds.length) {
        sources.push(
          (async () => {
            const targets = [`contract:${contract.id}`, ...sites.map((s) => `site:${s}`), ...sites];
            if (kinds.has('deviceInfo') && devices) targets.push(...(await devices).map((d) => `deviceInfo:${d.id}`));
            if (records) targets.push(...(await records).map((r) => `stockRecord:${r.id}`));
            const events = auditKinds.flatMap((k) => AUDIT_EVENTS[k] ?? []);
            const lines = await deps.audit.about(targets, events, before, n);
            return lines.flatMap((l) => {
              const kind = auditKinds.find((k) => AUDIT_EVENTS[k]?.some((e) => l.event.startsWith(e)));
              return kind ? [auditEntry(l, kind)] : [];
            });
          })(),
        );
      }

      const all = (await Promise.all(sources))
        .flat()
        .sort((a, b) => b.at - a.at || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
      if (all.length <= query.limit) return { entries: all, next: null };
      const last = all[query.limit - 1]?.at ?? 0;
      const kept = all.slice(0, query.limit).filter((e) => e.at !== last);
      // the entries at the last time go to the next page, which starts just after them; a page all of one
      // millisecond holds every entry read at it (more than asked), and the next starts before it
      return kept.length > 0
        ? { entries: kept, next: last + 1 }
        : { entries: all.filter((e) => e.at === last), next: last };
    },
  };
}

/** A line of the trail as a timeline entry: its event, who, and what it was about. */
function auditEntry(l: AuditEntry, kind: TimelineKind): TimelineEntry {
  const target = l.target ?? '';
  const site = target.startsWith('site:')
    ? target.slice(5)
    : kind === 'settings' && !target.includes(':')
      ? target
      : null;
  const changed = (l.details?.changed ?? null) as Record<string, unknown> | null;
  const status = Array.isArray(changed?.status) ? (changed.status as unknown[]) : null;
  return {
    key: `audit:${l.id}`,
    at: l.at,
    kind,
    what: l.event,
    by: l.actorName,
    facts: {
      site,
      target,
      from: status ? String(status[0] ?? '') : null,
      to: status ? String(status[1] ?? '') : null,
      count: typeof l.details?.n === 'number' ? l.details.n : null,
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
