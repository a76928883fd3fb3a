import { WAN_PUSH_INTERVAL_MS, WAN_STALE_AFTER_MS } from '@it4u/shared';
import { wlanHealth } from '../../integrations/unifi/unifi.map.ts';
import type { ChannelsForAlerts } from '../channels/channels.module.ts';
import type { ApState } from '../dashboard/dashboard.service.ts';
import type { SiteHealth, SiteOnController } from '../sites/sites.service.ts';
import type { VoucherBatch } from '../vouchers/vouchers.service.ts';
import type { SiteRow } from '../wanLinks/wanLinks.repository.ts';
import type { Finding, Unresolved } from './alerts.step.ts';

/** A router is looked at as silent once it missed a push and a half; its rule's minutes count from its last push. */
const SILENT_AFTER_MS = WAN_PUSH_INTERVAL_MS * 1.5;
/** How old a site's voucher list a look takes. */
const VOUCHERS_READ_MS = 5 * 60_000;

/** What the alerts read of the other areas, each through its face. */
export type AlertSources = {
  /** every controller's sites with their health, and the controllers that could not be read (read within `ttlMs`) */
  health: (ttlMs: number) => Promise<SiteHealth>;
  /** a site's access points now (`on`: where it is read, as the health found it) */
  accessPoints: (site: string, ttlMs: number, on?: SiteOnController) => Promise<ApState[]>;
  /** the customer sites of the WAN links report, with their links and last push */
  wanSites: () => Promise<SiteRow[]>;
  channels: ChannelsForAlerts;
  /** each scheduled mail's last run */
  mailRuns: () => Promise<{ job: string; at: number; status: string }[]>;
  /** the last backup that ended */
  lastBackup: () => Promise<{ ok: boolean | null; finishedAt: Date | null } | undefined>;
  /** the first contract of each site, by its short name */
  contractBySite: () => Promise<Map<string, number>>;
  /** the catalogue items below their minimum stock */
  belowMinimum: () => Promise<{ id: number; itemCode: string; name: string; onHand: number; minStock: number }[]>;
  /** the terminal's hosts offering a changed key */
  changedKeys: () => Promise<{ host: string; port: number; since: number }[]>;
  /** the voucher batches with `percent` % or less left, and the sites that could not be read (within `ttlMs`) */
  vouchersRunningOut: (percent: number, ttlMs: number) => Promise<{ batches: VoucherBatch[]; unread: string[] }>;
};

/** What a look reads besides the sources: the threshold of the kinds that have one (null: the kind is off). */
export type LookOptions = { vouchersPercent: number | null };

/** What the sources see now, and what they could not see (left as it is). */
export type Seen = { findings: Finding[]; unknown: (row: Unresolved) => boolean };

/**
 * Reads every source once. A source that fails leaves its kinds unknown (nothing of them opens or resolves on this
 * look); a controller that cannot be read leaves its sites' access points and health unknown, a silent router its
 * links. A site its controller no longer lists (or whose controller was removed) has nothing open.
 */
export async function lookAtSources(
  src: AlertSources,
  now: number,
  readTtlMs: number,
  opts: LookOptions,
): Promise<Seen> {
  const findings: Finding[] = [];
  const unknownKinds = new Set<string>();
  const unknownSites = new Set<string>();
  const unknownWan = new Set<string>();
  const unknownVoucherSites = new Set<string>();
  const guard = async (kinds: string[], read: () => Promise<void>) => {
    try {
      await read();
    } catch {
      for (const k of kinds) unknownKinds.add(k);
    }
  };
  const owners = await src.contractBySite().catch(() => new Map<string, number>());

  await Promise.all([
    guard(['apDown', 'siteError', 'controllerDown'], async () => {
      const health = await src.health(readTtlMs);
      for (const { entry } of health.down)
        findings.push({
          kind: 'controllerDown',
          subject: `controller:${entry.id ?? 'demo'}`,
          site: null,
          customerId: null,
          audience: 'staff',
          params: { name: entry.name },
        });
      const reads: Promise<void>[] = [];
      const unread = new Set(health.down.map((d) => d.entry));
      for (const site of health.located) {
        const raw = health.bySite.get(site.idname);
        if (raw === undefined) {
          // its controller could not be read: unknown; read, but without the site (removed there, or its
          // controller removed here): nothing of it holds, and its alerts resolve
          const entry = health.where.get(site.idname)?.entry;
          if (!entry || unread.has(entry)) unknownSites.add(site.idname);
          continue;
        }
        const wlan = wlanHealth(raw);
        const customerId = owners.get(site.idname) ?? null;
        if (wlan.status === 'error')
          findings.push({
            kind: 'siteError',
            subject: `site:${site.idname}`,
            site: site.idname,
            customerId,
            audience: 'site',
            params: { adopted: wlan.adopted, connected: wlan.connected },
          });
        if (wlan.adopted <= wlan.connected) continue;
        reads.push(
          src.accessPoints(site.idname, readTtlMs, health.where.get(site.idname)).then(
            (aps) => {
              for (const ap of aps)
                if (!ap.connected && ap.mac)
                  findings.push({
                    kind: 'apDown',
                    subject: `ap:${ap.mac}`,
                    site: site.idname,
                    customerId,
                    audience: 'site',
                    params: { name: ap.name || ap.mac, mac: ap.mac },
                    ...(ap.since !== null ? { since: ap.since } : {}),
                  });
            },
            () => {
              unknownSites.add(site.idname);
            },
          ),
        );
      }
      await Promise.all(reads);
    }),
    guard(['wanDown', 'routerSilent'], async () => {
      for (const s of await src.wanSites()) {
        const last = s.lastPushAt?.getTime() ?? null;
        if (last === null) continue;
        const site = s.idname;
        const base = {
          site,
          customerId: s.customerId ?? (site ? (owners.get(site) ?? null) : null),
          audience: site ? ('site' as const) : ('staff' as const),
        };
        if (now - last > SILENT_AFTER_MS)
          findings.push({
            ...base,
            kind: 'routerSilent',
            subject: `router:${s.id}`,
            params: { name: s.sitename },
            since: last,
          });
        if (now - last > WAN_STALE_AFTER_MS) {
          unknownWan.add(`wan:${s.id}:`);
          continue;
        }
        for (const link of s.links)
          if (!link.up)
            findings.push({
              ...base,
              kind: 'wanDown',
              subject: `wan:${s.id}:${link.wan}`,
              params: { name: s.sitename, wan: link.wan, provider: link.provider },
              since: link.since.getTime(),
            });
      }
    }),
    guard(['channelDown'], async () => {
      for (const c of await src.channels.downSinceChange())
        findings.push({
          kind: 'channelDown',
          subject: `channel:${c.id}`,
          site: null,
          customerId: c.contractId,
          audience: 'staff',
          params: { name: c.name, status: c.status, channelId: c.id },
          since: c.since,
        });
    }),
    guard(['jobFailed'], async () => {
      const [runs, backup] = await Promise.all([src.mailRuns(), src.lastBackup()]);
      for (const run of runs)
        if (run.status === 'failed' || run.status === 'missed')
          findings.push({
            kind: 'jobFailed',
            subject: `mail:${run.job}`,
            site: null,
            customerId: null,
            audience: 'admin',
            params: { job: run.job === 'sla' ? 'slaMail' : 'reportMail', status: run.status },
            since: run.at,
          });
      if (backup && backup.ok === false)
        findings.push({
          kind: 'jobFailed',
          subject: 'backup',
          site: null,
          customerId: null,
          audience: 'admin',
          params: { job: 'backup', status: 'failed' },
          ...(backup.finishedAt ? { since: backup.finishedAt.getTime() } : {}),
        });
    }),
    guard(['stockLow'], async () => {
      for (const item of await src.belowMinimum())
        findings.push({
          kind: 'stockLow',
          subject: `item:${item.id}`,
          site: null,
          customerId: null,
          audience: 'staff',
          params: { code: item.itemCode, name: item.name, onHand: item.onHand, minimum: item.minStock },
        });
    }),
    guard(['hostKeyChanged'], async () => {
      for (const key of await src.changedKeys())
        findings.push({
          kind: 'hostKeyChanged',
          subject: `hostKey:${key.host}:${key.port}`,
          site: null,
          customerId: null,
          audience: 'staff',
          params: { host: key.host, port: key.port },
          ...(key.since ? { since: key.since } : {}),
        });
    }),
    guard(['vouchersLow'], async () => {
      const percent = opts.vouchersPercent;
      if (percent === null) return;
      // a batch runs out over hours: its sites' lists are read at most every 5 minutes (an administrator's look: now)
      const { batches, unread } = await src.vouchersRunningOut(percent, readTtlMs === 0 ? 0 : VOUCHERS_READ_MS);
      for (const site of unread) unknownVoucherSites.add(site);
      for (const b of batches)
        findings.push({
          kind: 'vouchersLow',
          subject: `vouchers:${b.site}:${b.createTime}:${b.note}`,
          site: b.site,
          customerId: owners.get(b.site) ?? null,
          audience: 'site',
          params: { note: b.note, made: b.createTime, left: b.left, total: b.total },
        });
    }),
  ]);

  const unknown = (row: Unresolved) =>
    unknownKinds.has(row.kind) ||
    ((row.kind === 'apDown' || row.kind === 'siteError') && row.site !== null && unknownSites.has(row.site)) ||
    (row.kind === 'vouchersLow' && row.site !== null && unknownVoucherSites.has(row.site)) ||
    (row.kind === 'wanDown' && unknownWan.has(row.subject.slice(0, row.subject.lastIndexOf(':') + 1)));
  return { findings, unknown };
}
