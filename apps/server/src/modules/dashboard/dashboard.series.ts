/** What the dashboards compute from the controller's reports: windows, series, aggregates, guest counts. */
import { BYTES_PER_GB, BYTES_PER_MBPS, type ClientPoint, type ReportInterval, VIETNAM_OFFSET_MS } from '@it4u/shared';
import type { SiteReportRow } from '../../integrations/unifi/unifi.map.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const STEP: Record<ReportInterval, number> = { '5minutes': 5 * MINUTE, hourly: HOUR, daily: DAY };

/** How long a controller keeps each report by default (its stat/sysinfo says otherwise when it can). */
const DEFAULT_RETENTION_HOURS: Record<ReportInterval, number> = { '5minutes': 24, hourly: 720, daily: 2160 };

/** How long a controller keeps a report, from its sysinfo (`data_retention_time_in_hours_for_<interval>_scale`). */
export function retentionMs(sysinfo: Record<string, unknown> | undefined, interval: ReportInterval): number {
  const hours = Number(sysinfo?.[`data_retention_time_in_hours_for_${interval}_scale`]);
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_RETENTION_HOURS[interval]) * HOUR;
}

/** The start of the slot a time falls in (daily slots start at midnight in Vietnam). */
export function slotStart(interval: ReportInterval, t: number): number {
  // the operator's days start at midnight in Vietnam (UTC+7, no daylight saving)
  const shift = interval === 'daily' ? VIETNAM_OFFSET_MS : 0;
  return Math.floor((t + shift) / STEP[interval]) * STEP[interval] - shift;
}

export type Window = { start: number; end: number; clampedFrom: number | null };

/**
 * The slots a range asks for, cut where the controller keeps no more and at now. Both ends fall on slot starts, so
 * every viewer of the same range in the same slot asks the controller the same question (and shares its answer).
 * `clampedFrom` says where the answer starts when the range began before the controller's retention; a range wholly
 * before it answers no slot and says so, rather than an empty chart with no word.
 */
export function windowOf(
  interval: ReportInterval,
  range: { start: number; end: number },
  now: number,
  keptMs: number,
): Window {
  const end = slotStart(interval, Math.min(range.end, now));
  const oldest = slotStart(interval, now - keptMs) + STEP[interval];
  const asked = slotStart(interval, range.start);
  if (asked >= oldest) return { start: asked, end: Math.max(asked, end), clampedFrom: null };
  return { start: oldest, end: Math.max(oldest, end), clampedFrom: oldest };
}

/** A report of slots that have all closed never changes: it is kept an hour; one that reaches now, one refresh. */
export function ttlOf(interval: ReportInterval, window: { end: number }, now: number, refreshMs: number): number {
  return window.end + STEP[interval] <= slotStart(interval, now) ? HOUR : refreshMs;
}

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/** Wifi clients and traffic (GB) per slot, with the traffic summed from the window's start. */
export function clientSeries(rows: SiteReportRow[]): ClientPoint[] {
  let sum = 0;
  return rows.map((r) => {
    sum += r.wlanBytes;
    return {
      time: r.time,
      clients: r.wlanSta,
      trafficGb: round(r.wlanBytes / BYTES_PER_GB),
      cumulativeGb: round(sum / BYTES_PER_GB),
    };
  });
}

const stats = (values: number[]) =>
  values.length === 0
    ? { max: 0, min: 0, average: 0 }
    : {
        max: round(Math.max(...values)),
        min: round(Math.min(...values)),
        average: round(values.reduce((a, b) => a + b, 0) / values.length),
      };

/** Maximum, minimum and average of the clients and the traffic (GB) of the slots. */
export function clientStats(rows: SiteReportRow[]) {
  return {
    slots: rows.length,
    clients: stats(rows.map((r) => r.wlanSta)),
    trafficGb: stats(rows.map((r) => r.wlanBytes / BYTES_PER_GB)),
  };
}

/** The WAN's average rates of each hour in Mbps: bytes of the hour × 8 bits / 3600 s / 1,048,576. */
export function networkRates(rows: SiteReportRow[]) {
  const mbps = (bytes: number) => round((bytes * 8) / (HOUR / 1000) / BYTES_PER_MBPS);
  return rows.map((r) => ({ time: r.time, downMbps: mbps(r.wanRxBytes), upMbps: mbps(r.wanTxBytes) }));
}

/** The WAN's traffic of each day in GB. */
export function trafficHistory(rows: SiteReportRow[]) {
  return rows.map((r) => ({
    time: r.time,
    downGb: round(r.wanRxBytes / BYTES_PER_GB),
    upGb: round(r.wanTxBytes / BYTES_PER_GB),
  }));
}

type Raw = Record<string, unknown>;

/** The hotspot's guests, each counted once by MAC: returning when any of its authorizations says `is_returning`. */
export function guestCounts(guests: Raw[]): { newGuests: number; returningGuests: number } {
  const returning = new Map<string, boolean>();
  for (const g of guests) {
    const mac = String(g.mac ?? '').toLowerCase();
    if (!mac) continue;
    returning.set(mac, (returning.get(mac) ?? false) || g.is_returning === true);
  }
  let back = 0;
  for (const r of returning.values()) if (r) back++;
  return { newGuests: returning.size - back, returningGuests: back };
}

/** Guest sessions per day of the window (days at midnight in Vietnam, every day listed, none left out). */
export function sessionsPerDay(sessions: Raw[], window: { start: number; end: number }) {
  const counts = new Map<number, number>();
  for (let day = slotStart('daily', window.start); day <= window.end; day += DAY) counts.set(day, 0);
  for (const s of sessions) {
    const at = Number(s.assoc_time) * 1000;
    if (!Number.isFinite(at) || at < window.start || at > window.end) continue;
    const day = slotStart('daily', at);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts].map(([day, n]) => ({ day, sessions: n }));
}
