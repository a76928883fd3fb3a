import { describe, expect, it } from 'vitest';
import { toSiteReport } from '../../integrations/unifi/unifi.map.ts';
import {
  clientSeries,
  clientStats,
  guestCounts,
  networkRates,
  retentionMs,
  sessionsPerDay,
  slotStart,
  ttlOf,
  windowOf,
} from './dashboard.series.ts';

const HOUR = 3_600_000;
const GB = 1_073_741_824;
// 2026-05-06 12:00 in Vietnam
const NOON = Date.UTC(2026, 4, 6, 5, 0);

describe('dashboard series', () => {
  it('drops a repeated report row, orders the rows, and reads clients and traffic (GB) with a running sum', () => {
    const rows = toSiteReport([
      { time: NOON - HOUR, wlan_bytes: 2 * GB, 'wlan-num_sta': 10 },
      { time: NOON - 2 * HOUR, wlan_bytes: GB, 'wlan-num_sta': 4 },
      { time: NOON - HOUR, wlan_bytes: 9 * GB, 'wlan-num_sta': 99 },
      { time: NOON, wlan_bytes: '1073741824', 'wlan-num_sta': 7 },
    ]);
    expect(clientSeries(rows)).toEqual([
      { time: NOON - 2 * HOUR, clients: 4, trafficGb: 1, cumulativeGb: 1 },
      { time: NOON - HOUR, clients: 10, trafficGb: 2, cumulativeGb: 3 },
      { time: NOON, clients: 7, trafficGb: 1, cumulativeGb: 4 },
    ]);
    expect(clientStats(rows)).toEqual({
      slots: 3,
      clients: { max: 10, min: 4, average: 7 },
      trafficGb: { max: 2, min: 1, average: 1.333 },
    });
    expect(clientStats([])).toEqual({
      slots: 0,
      clients: { max: 0, min: 0, average: 0 },
      trafficGb: { max: 0, min: 0, average: 0 },
    });
  });

  it('turns an hour of WAN bytes into Mbps (8 bits, 3600 s, 1,048,576)', () => {
    const rows = toSiteReport([{ time: NOON, 'wan-rx_bytes': 3600 * 1_048_576, 'wan-tx_bytes': 450 * 1_048_576 }]);
    expect(networkRates(rows)).toEqual([{ time: NOON, downMbps: 8, upMbps: 1 }]);
  });

  it('aligns a range on slot starts, cuts it at the controller retention and says where, and at now', () => {
    const keep5 = retentionMs(undefined, '5minutes');
    expect(keep5).toBe(24 * HOUR);
    expect(retentionMs({ data_retention_time_in_hours_for_hourly_scale: 48 }, 'hourly')).toBe(48 * HOUR);
    // today (midnight in Vietnam to noon): within the 5-minute retention
    const midnight = Date.UTC(2026, 4, 5, 17, 0);
    expect(windowOf('5minutes', { start: midnight + 1234, end: NOON + 999_999 }, NOON, keep5)).toEqual({
      start: midnight,
      end: NOON,
      clampedFrom: null,
    });
    // a week of 5-minute slots: the controller keeps a day, the answer starts there and says so
    const week = windowOf('5minutes', { start: NOON - 7 * 24 * HOUR, end: NOON }, NOON, keep5);
    expect(week.clampedFrom).toBe(NOON - 24 * HOUR + 5 * 60_000);
    expect(week.start).toBe(week.clampedFrom);
    // daily slots start at midnight in Vietnam
    expect(slotStart('daily', NOON)).toBe(midnight);
  });

  it('keeps a report of closed slots an hour, one reaching now for one refresh', () => {
    expect(ttlOf('hourly', { end: NOON - 3 * HOUR }, NOON, 30_000)).toBe(HOUR);
    expect(ttlOf('hourly', { end: NOON }, NOON, 30_000)).toBe(30_000);
  });

  it('counts each guest once, returning when any of its visits says so', () => {
    expect(
      guestCounts([
        { mac: 'AA:00', is_returning: false },
        { mac: 'aa:00', is_returning: true },
        { mac: 'bb:00', is_returning: false },
        { mac: 'cc:00' },
        { is_returning: true },
      ]),
    ).toEqual({ newGuests: 2, returningGuests: 1 });
  });

  it('counts sessions per day in Vietnam, listing the days without any', () => {
    const midnight = Date.UTC(2026, 4, 5, 17, 0);
    const at = (ms: number) => ({ assoc_time: Math.floor(ms / 1000) });
    const days = sessionsPerDay([at(midnight - 60_000), at(midnight + 60_000), at(NOON)], {
      start: midnight - 24 * HOUR,
      end: NOON,
    });
    expect(days).toEqual([
      { day: midnight - 24 * HOUR, sessions: 1 },
      { day: midnight, sessions: 2 },
    ]);
  });
});
