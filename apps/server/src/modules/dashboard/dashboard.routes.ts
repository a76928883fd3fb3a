import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ReportInterval } from '@it4u/shared';
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
  SiteParams,
  TrafficHistorySchema,
} from '@it4u/shared/api';
import type { FastifyInstance } from 'fastify';
import { authErrors, controllerErrors, secured } from '../../lib/schemas.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The names the web app calls the report calls by, per interval. */
const SERIES: [path: string, interval: ReportInterval][] = [
  ['5MinutesClient', '5minutes'],
  ['hourlyClient', 'hourly'],
  ['dailyClient', 'daily'],
];
const STATS: [path: string, interval: ReportInterval][] = [
  ['getTimeMinute', '5minutes'],
  ['getTimeHourly', 'hourly'],
  ['getTimeDaily', 'daily'],
];

export async function dashboardRoutes(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { dashboard } = opts;
  // the report calls are POSTs that change nothing: they leave the session cache alone
  const signedIn = { onRequest: app.auth(), config: { readOnly: true } };
  const tags = ['dashboard'];

  for (const [path, interval] of SERIES) {
    r.post(
      `/it4u/:site/${path}`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Wifi clients and traffic (GB) per ${interval} slot of a range, cut at what the controller keeps`,
          security: secured,
          params: SiteParams,
          body: RangeBody,
          response: { 200: ClientSeriesSchema, ...controllerErrors },
        },
      },
      (request) => dashboard.clients(request.principal, request.params.site, interval, request.body),
    );
  }

  for (const [path, interval] of STATS) {
    r.post(
      `/it4u/:site/${path}`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Maximum, minimum and average of clients and traffic over a range of ${interval} slots`,
          security: secured,
          params: SiteParams,
          body: RangeBody,
          response: { 200: ClientStatsSchema, ...controllerErrors },
        },
      },
      (request) => dashboard.clientStats(request.principal, request.params.site, interval, request.body),
    );
  }

  r.post(
    '/it4u/:site/getNetworkRates',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The WAN's average download and upload rate of each hour (Mbps): the bandwidth monitor",
        security: secured,
        params: SiteParams,
        body: RangeBody,
        response: { 200: NetworkRatesSchema, ...controllerErrors },
      },
    },
    (request) => dashboard.networkRates(request.principal, request.params.site, request.body),
  );

  r.post(
    '/it4u/:site/getTrafficHistory',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The WAN's download and upload of each day (GB): the bandwidth history",
        security: secured,
        params: SiteParams,
        body: RangeBody,
        response: { 200: TrafficHistorySchema, ...controllerErrors },
      },
    },
    (request) => dashboard.trafficHistory(request.principal, request.params.site, request.body),
  );

  r.post(
    '/it4u/:site/stat/device',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The access points of a site: connected or not, uptime, traffic and clients',
        security: secured,
        params: SiteParams,
        response: { 200: AccessPointsSchema, ...controllerErrors },
      },
    },
    (request) => dashboard.accessPoints(request.principal, request.params.site),
  );

  r.post(
    '/it4u/:site/hotspot/:start/:end',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The hotspot's new and returning guests between two times (ms)",
        security: secured,
        params: RangeParams,
        response: { 200: HotspotGuestsSchema, ...controllerErrors },
      },
    },
    (request) => dashboard.hotspotGuests(request.principal, request.params.site, request.params),
  );

  r.post(
    '/it4u/:site/detail/hotspot/:start/:end',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The guests' sessions per day between two times (ms)",
        security: secured,
        params: RangeParams,
        response: { 200: HotspotSessionsSchema, ...controllerErrors },
      },
    },
    (request) => dashboard.hotspotSessions(request.principal, request.params.site, request.params),
  );

  r.get(
    '/it4u/dashboard/overview',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's sites by the status of their wifi, those in warning or error, and recent disconnections",
        security: secured,
        response: { 200: OverviewSchema, ...controllerErrors },
      },
    },
    (request) => dashboard.overview(request.principal),
  );

  r.post(
    '/it4u/segments/client',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Customers per segment of the contracts register (staff)',
        security: secured,
        response: { 200: SegmentCountsSchema, ...authErrors },
      },
    },
    (request) => dashboard.segments(request.principal),
  );
}
