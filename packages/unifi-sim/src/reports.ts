/** stat/report/{5minutes|hourly|daily}.{site|ap|user}: rows computed from the activity model, nothing stored. */
import { isUp, onlineAt, rates } from './activity.ts';
import { hash01 } from './rng.ts';
import { DAY, HOUR, type JsonObject, MINUTE, type Site, TZ_OFFSET } from './world.ts';

export type ReportInterval = '5minutes' | 'hourly' | 'daily';
export type ReportKind = 'site' | 'ap' | 'user';

export const REPORT_INTERVALS: ReportInterval[] = ['5minutes', 'hourly', 'daily'];
export const REPORT_KINDS: ReportKind[] = ['site', 'ap', 'user'];

const STEP: Record<ReportInterval, number> = { '5minutes': 5 * MINUTE, hourly: HOUR, daily: DAY };
const SAMPLES: Record<ReportInterval, number> = { '5minutes': 1, hourly: 4, daily: 24 };
/** as the controller's default data retention (stat/sysinfo data_retention_time_in_hours_for_*) */
export const RETENTION: Record<ReportInterval, number> = {
  '5minutes': 24 * HOUR,
  hourly: 720 * HOUR,
  daily: 2160 * HOUR,
};
const MAX_SLOTS = 20_000;

const DEFAULT_ATTRS: Record<ReportKind, string[]> = {
  site: ['bytes', 'wan-tx_bytes', 'wan-rx_bytes', 'wlan_bytes', 'num_sta', 'lan-num_sta', 'wlan-num_sta'],
  ap: ['bytes', 'num_sta', 'tx_bytes', 'rx_bytes'],
  user: ['rx_bytes', 'tx_bytes'],
};

export type ReportQuery = {
  interval: ReportInterval;
  kind: ReportKind;
  attrs?: string[];
  start?: number;
  end?: number;
  macs?: string[];
  retention: boolean;
};

/** Slot start times: complete slots only (time + step <= now), daily slots at local (UTC+7) midnight. */
export function slotTimes(interval: ReportInterval, start: number, end: number, now: number, retention: boolean) {
  const step = STEP[interval];
  const lower = retention ? Math.max(start, now - RETENTION[interval]) : start;
  const shift = interval === 'daily' ? TZ_OFFSET : 0;
  let t = Math.ceil((lower + shift) / step) * step - shift;
  const out: number[] = [];
  while (t <= end && t + step <= now) {
    out.push(t);
    t += step;
  }
  return out.length > MAX_SLOTS ? out.slice(out.length - MAX_SLOTS) : out;
}

export function report(site: Site, q: ReportQuery, now: number): JsonObject[] {
  if (site.devices.length === 0) return [];
  const step = STEP[q.interval];
  const end = q.end ?? now;
  const start = q.start ?? end - (q.interval === '5minutes' ? 12 * HOUR : q.interval === 'hourly' ? 7 * DAY : 30 * DAY);
  const attrs = (q.attrs?.length ? q.attrs : DEFAULT_ATTRS[q.kind]).filter((a) => a !== 'time');
  const macs = q.macs?.map((m) => m.toLowerCase());
  const rows: JsonObject[] = [];
  const n = SAMPLES[q.interval];
  for (const time of slotTimes(q.interval, start, end, now, q.retention)) {
    // sample the slot n times
    let count = 0;
    let rate = 0;
    const perAp = new Map<string, { count: number; rx: number; tx: number; up: number; guests: number }>();
    const perUser = new Map<string, { rx: number; tx: number; samples: number }>();
    for (const d of site.devices) perAp.set(d.mac, { count: 0, rx: 0, tx: 0, up: 0, guests: 0 });
    for (let i = 0; i < n; i++) {
      const t = time + Math.floor(((i + 0.5) * step) / n);
      for (const d of site.devices) if (isUp(d, t)) perAp.get(d.mac)!.up++;
      for (const o of onlineAt(site, t)) {
        const { rx, tx } = rates(site, o, t);
        count++;
        rate += rx + tx;
        const ap = perAp.get(o.ap.mac)!;
        ap.count++;
        ap.rx += rx;
        ap.tx += tx;
        if (o.ident.isGuest) ap.guests++;
        if (q.kind === 'user') {
          const u = perUser.get(o.ident.mac) ?? { rx: 0, tx: 0, samples: 0 };
          u.rx += rx;
          u.tx += tx;
          u.samples++;
          perUser.set(o.ident.mac, u);
        }
      }
    }
    const seconds = step / 1000;
    const h = (salt: number) => hash01(site.seed, site.index, time / 1000, salt);
    if (q.kind === 'site') {
      const wlanBytes = (rate / n) * seconds * (0.97 + 0.06 * h(1));
      const lan = Math.max(0, site.lanClients + (h(2) < 0.2 ? -1 : h(2) > 0.85 ? 1 : 0));
      const lanBytes = lan * 25_000 * seconds * (0.5 + h(3));
      const wanRx = (wlanBytes + lanBytes) * (0.82 + 0.1 * h(4));
      const wanTx = (wlanBytes + lanBytes) * (0.08 + 0.1 * h(5));
      const wlanSta = Math.round(count / n);
      const values: JsonObject = {
        bytes: wanRx + wanTx,
        'wan-tx_bytes': wanTx,
        'wan-rx_bytes': wanRx,
        wlan_bytes: wlanBytes,
        num_sta: wlanSta + lan,
        'lan-num_sta': lan,
        'wlan-num_sta': wlanSta,
      };
      rows.push(row(time, attrs, values, { site: site._id, o: 'site', oid: site._id }));
    } else if (q.kind === 'ap') {
      for (const d of site.devices) {
        if (macs && !macs.includes(d.mac)) continue;
        const ap = perAp.get(d.mac)!;
        if (ap.up === 0) continue; // a disconnected AP reports nothing
        const rx = (ap.rx / n) * seconds;
        const tx = (ap.tx / n) * seconds;
        const values: JsonObject = {
          bytes: rx + tx,
          rx_bytes: rx,
          tx_bytes: tx,
          num_sta: Math.round(ap.count / n),
          'user-num_sta': Math.round((ap.count - ap.guests) / n),
          'guest-num_sta': Math.round(ap.guests / n),
        };
        rows.push(row(time, attrs, values, { ap: d.mac, site: site._id, o: 'ap', oid: d.mac }, true));
      }
    } else {
      for (const [mac, u] of perUser) {
        if (macs && !macs.includes(mac)) continue;
        const rx = (u.rx / n) * seconds;
        const tx = (u.tx / n) * seconds;
        const values: JsonObject = { rx_bytes: rx, tx_bytes: tx, bytes: rx + tx };
        rows.push(row(time, attrs, values, { user: mac, site: site._id, o: 'user', oid: mac }, true));
      }
    }
  }
  return rows;
}

function row(time: number, attrs: string[], values: JsonObject, tail: JsonObject, keyFirst = false): JsonObject {
  const out: JsonObject = { time };
  const { site, o, oid, ...key } = tail;
  if (keyFirst) Object.assign(out, key);
  for (const a of attrs) if (a in values) out[a] = values[a];
  return { ...out, site, o, oid };
}
