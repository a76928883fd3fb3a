import type { ReportInterval } from '@it4u/shared';
import { dashboardRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { type Handler, type RouteHandler, serve } from '../../lib/serve.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The charts over a range of each interval: they differ by their interval only. */
type Series = RouteHandler<(typeof routes)['POST /it4u/:site/hourlyClient']>;
type Stats = RouteHandler<(typeof routes)['POST /it4u/:site/getTimeHourly']>;

export async function dashboardRoutes(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  const { dashboard } = opts;
  // the report calls are POSTs that change nothing: they leave the session cache alone
  const read = <S>(handler: Handler<S>): RouteHandler<S> => ({ handler, options: { config: { readOnly: true } } });
  const series = (interval: ReportInterval): Series =>
    read(({ principal, params, body }) => dashboard.clients(principal, params.site, interval, body));
  const stats = (interval: ReportInterval): Stats =>
    read(({ principal, params, body }) => dashboard.clientStats(principal, params.site, interval, body));

  serve(app, routes, {
    'POST /it4u/:site/5MinutesClient': series('5minutes'),
    'POST /it4u/:site/hourlyClient': series('hourly'),
    'POST /it4u/:site/dailyClient': series('daily'),
    'POST /it4u/:site/getTimeMinute': stats('5minutes'),
    'POST /it4u/:site/getTimeHourly': stats('hourly'),
    'POST /it4u/:site/getTimeDaily': stats('daily'),
    'POST /it4u/:site/getNetworkRates': read(({ principal, params, body }) =>
      dashboard.networkRates(principal, params.site, body),
    ),
    'POST /it4u/:site/getTrafficHistory': read(({ principal, params, body }) =>
      dashboard.trafficHistory(principal, params.site, body),
    ),
    'POST /it4u/:site/stat/device': read(({ principal, params }) => dashboard.accessPoints(principal, params.site)),
    'POST /it4u/:site/hotspot/:start/:end': read(({ principal, params }) =>
      dashboard.hotspotGuests(principal, params.site, params),
    ),
    'POST /it4u/:site/detail/hotspot/:start/:end': read(({ principal, params }) =>
      dashboard.hotspotSessions(principal, params.site, params),
    ),
    'GET /it4u/dashboard/overview': read(({ principal }) => dashboard.overview(principal)),
    'POST /it4u/segments/client': read(({ principal }) => dashboard.segments(principal)),
  });
}
