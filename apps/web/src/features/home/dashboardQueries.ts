import {
  type AccessPoints,
  type ClientSeries,
  type ClientStats,
  type ConnectedDevice,
  DASHBOARD_REFRESH_MS,
  type HotspotGuests,
  type HotspotSessions,
  type NetworkRates,
  type ReportInterval,
  type TrafficHistory,
} from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client.ts';

export type Range = { start: number; end: number };

const SERIES_PATH: Record<ReportInterval, string> = {
  '5minutes': '5MinutesClient',
  hourly: 'hourlyClient',
  daily: 'dailyClient',
};
const STATS_PATH: Record<ReportInterval, string> = {
  '5minutes': 'getTimeMinute',
  hourly: 'getTimeHourly',
  daily: 'getTimeDaily',
};

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

const at = (site: string, path: string) => `/it4u/${encodeURIComponent(site)}/${path}`;

export const useClientSeries = (site: string | undefined, interval: ReportInterval, range: Range) =>
  usePanel(site, ['clients', interval, range.start, range.end], (s) =>
    api.post<ClientSeries>(at(s, SERIES_PATH[interval]), range),
  );

export const useClientStats = (site: string | undefined, interval: ReportInterval, range: Range) =>
  usePanel(site, ['stats', interval, range.start, range.end], (s) =>
    api.post<ClientStats>(at(s, STATS_PATH[interval]), range),
  );

export const useNetworkRates = (site: string | undefined, range: Range) =>
  usePanel(site, ['rates', range.start, range.end], (s) => api.post<NetworkRates>(at(s, 'getNetworkRates'), range));

export const useTrafficHistory = (site: string | undefined, range: Range) =>
  usePanel(site, ['traffic', range.start, range.end], (s) =>
    api.post<TrafficHistory>(at(s, 'getTrafficHistory'), range),
  );

export const useHotspotGuests = (site: string | undefined, range: Range) =>
  usePanel(site, ['hotspot', range.start, range.end], (s) =>
    api.post<HotspotGuests>(at(s, `hotspot/${range.start}/${range.end}`)),
  );

export const useHotspotSessions = (site: string | undefined, range: Range) =>
  usePanel(site, ['hotspotSessions', range.start, range.end], (s) =>
    api.post<HotspotSessions>(at(s, `detail/hotspot/${range.start}/${range.end}`)),
  );

/** The clients connected now (the devices screen's call), with the time they were read on the console's clock. */
export const useClientsNow = (site: string | undefined, now: () => number = Date.now) =>
  usePanel(site, ['clientsNow'], async (s) => ({
    devices: await api.get<ConnectedDevice[]>(at(s, 'devices')),
    asOf: now(),
  }));

export const useAccessPoints = (site: string | undefined) =>
  usePanel(site, ['accessPoints'], (s) => api.post<AccessPoints>(at(s, 'stat/device')));

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
