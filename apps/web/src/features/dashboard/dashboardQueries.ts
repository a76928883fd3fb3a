import { DASHBOARD_REFRESH_MS, type ReportInterval } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../api/call.ts';

export type Range = { start: number; end: number };

const SERIES = {
  '5minutes': 'POST /it4u/:site/5MinutesClient',
  hourly: 'POST /it4u/:site/hourlyClient',
  daily: 'POST /it4u/:site/dailyClient',
} as const satisfies Record<ReportInterval, string>;
const STATS = {
  '5minutes': 'POST /it4u/:site/getTimeMinute',
  hourly: 'POST /it4u/:site/getTimeHourly',
  daily: 'POST /it4u/:site/getTimeDaily',
} as const satisfies Record<ReportInterval, string>;

/**
 * A dashboard panel's data: read again every 30 s while the page is shown, never while the tab is hidden
 * (TanStack's default), and the previous answer stays drawn while the next one comes (no flicker).
 */
function usePanel<T>(site: string | undefined, key: unknown[], load: (site: string) => Promise<T>) {
  return useQuery({
    queryKey: ['dashboard', site, ...key],
    queryFn: () => load(site ?? ''),
    enabled: Boolean(site),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const useClientSeries = (site: string | undefined, interval: ReportInterval, range: Range) =>
  usePanel(site, ['clients', interval, range.start, range.end], (s) =>
    call(SERIES[interval], { params: { site: s }, body: range }),
  );

export const useClientStats = (site: string | undefined, interval: ReportInterval, range: Range) =>
  usePanel(site, ['stats', interval, range.start, range.end], (s) =>
    call(STATS[interval], { params: { site: s }, body: range }),
  );

export const useNetworkRates = (site: string | undefined, range: Range) =>
  usePanel(site, ['rates', range.start, range.end], (s) =>
    call('POST /it4u/:site/getNetworkRates', { params: { site: s }, body: range }),
  );

export const useTrafficHistory = (site: string | undefined, range: Range) =>
  usePanel(site, ['traffic', range.start, range.end], (s) =>
    call('POST /it4u/:site/getTrafficHistory', { params: { site: s }, body: range }),
  );

export const useHotspotGuests = (site: string | undefined, range: Range) =>
  usePanel(site, ['hotspot', range.start, range.end], (s) =>
    call('POST /it4u/:site/hotspot/:start/:end', { params: { site: s, ...range } }),
  );

export const useHotspotSessions = (site: string | undefined, range: Range) =>
  usePanel(site, ['hotspotSessions', range.start, range.end], (s) =>
    call('POST /it4u/:site/detail/hotspot/:start/:end', { params: { site: s, ...range } }),
  );

/** The clients connected now (the devices screen's call), with the time they were read on the console's clock. */
export const useClientsNow = (site: string | undefined, now: () => number = Date.now) =>
  usePanel(site, ['clientsNow'], async (s) => ({
    devices: await call('GET /it4u/:site/devices', { params: { site: s } }),
    asOf: now(),
  }));

export const useAccessPoints = (site: string | undefined) =>
  usePanel(site, ['accessPoints'], (s) => call('POST /it4u/:site/stat/device', { params: { site: s } }));

/**
 * The console's clock as the dashboards read it (the controller's, with the demo's clock), learnt from the first
 * panel's answer: "today" is the console's today, whatever the clock of the viewer's device says. Undefined until the
 * first answer (or its failure: then the device's clock).
 */
export function useDashboardClock(site: string | undefined): (() => number) | undefined {
  const first = useAccessPoints(site);
  const offset = first.data ? first.data.asOf - first.dataUpdatedAt : first.isError ? 0 : undefined;
  return useMemo(() => (offset === undefined ? undefined : () => Date.now() + offset), [offset]);
}

/** The changes made to the site's wifi over the range (the connection history's marks), for those who change sites. */
export const useSiteChanges = (site: string | undefined, range: Range, allowed: boolean) =>
  useQuery({
    queryKey: ['dashboard', site, 'changes', range.start, range.end],
    queryFn: () => call('GET /it4u/:site/changes', { params: { site: site ?? '' }, query: range }),
    enabled: Boolean(site) && allowed,
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
