import type { TSchema } from '@sinclair/typebox';
import { SiteParams } from '../api/common.ts';
import {
  AccessPointsSchema,
  ClientSeriesSchema,
  ClientStatsSchema,
  HotspotGuestsSchema,
  HotspotSessionsSchema,
  NetworkRatesSchema,
  OverviewSchema,
  RangeBody,
  RangeParams,
  SegmentCountsSchema,
  TrafficHistorySchema,
} from '../api/dashboard.ts';
import type { ReportInterval } from '../constants.ts';
import { controllerErrors, defineRoutes, READ } from '../contract.ts';

/** A report of a site over a range of time (the body), read from its controller. */
const report = <T extends TSchema>(summary: string, response: T) =>
  ({
    access: 'signedIn',
    audit: READ,
    summary,
    params: SiteParams,
    body: RangeBody,
    response,
    errors: controllerErrors,
  }) as const;
const series = (interval: ReportInterval) =>
  report(
    `Wifi clients and traffic (GB) per ${interval} slot of a range, cut at what the controller keeps`,
    ClientSeriesSchema,
  );
const stats = (interval: ReportInterval) =>
  report(`Maximum, minimum and average of clients and traffic over a range of ${interval} slots`, ClientStatsSchema);
/** The hotspot's guests between two times in the path (ms). */
const guests = <T extends TSchema>(summary: string, response: T) =>
  ({ access: 'signedIn', audit: READ, summary, params: RangeParams, response, errors: controllerErrors }) as const;

/**
 * The dashboards: a site's charts (its clients, traffic, access points and hotspot guests) and the overview of the
 * caller's sites. The report calls are POSTs that change nothing (the web app's names for them, per interval).
 */
export const dashboardRoutes = defineRoutes('dashboard', {
  'POST /it4u/:site/5MinutesClient': series('5minutes'),
  'POST /it4u/:site/hourlyClient': series('hourly'),
  'POST /it4u/:site/dailyClient': series('daily'),
  'POST /it4u/:site/getTimeMinute': stats('5minutes'),
  'POST /it4u/:site/getTimeHourly': stats('hourly'),
  'POST /it4u/:site/getTimeDaily': stats('daily'),
  'POST /it4u/:site/getNetworkRates': report(
    "The WAN's average download and upload rate of each hour (Mbps): the bandwidth monitor",
    NetworkRatesSchema,
  ),
  'POST /it4u/:site/getTrafficHistory': report(
    "The WAN's download and upload of each day (GB): the bandwidth history",
    TrafficHistorySchema,
  ),
  'POST /it4u/:site/stat/device': {
    access: 'signedIn',
    audit: READ,
    summary: 'The access points of a site: connected or not, uptime, traffic and clients',
    params: SiteParams,
    response: AccessPointsSchema,
    errors: controllerErrors,
  },
  'POST /it4u/:site/hotspot/:start/:end': guests(
    "The hotspot's new and returning guests between two times (ms)",
    HotspotGuestsSchema,
  ),
  'POST /it4u/:site/detail/hotspot/:start/:end': guests(
    "The guests' sessions per day between two times (ms)",
    HotspotSessionsSchema,
  ),
  'GET /it4u/dashboard/overview': {
    access: 'signedIn',
    summary: "The caller's sites by the status of their wifi, those in warning or error, and recent disconnections",
    response: OverviewSchema,
    errors: controllerErrors,
  },
  'POST /it4u/segments/client': {
    access: 'signedIn',
    audit: READ,
    summary: 'Customers per segment of the contracts register (staff)',
    response: SegmentCountsSchema,
  },
});
