import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, type Registry } from 'prom-client';
import { UnauthorizedError } from '../lib/errors.ts';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET /metrics` in the Prometheus text format: the process's metrics (prom-client's defaults), the HTTP requests
 * by route and status, and what the areas add to the registry (the WAN links). With a token (METRICS_TOKEN) the
 * scraper sends it as a bearer token; without one the route is open, as Prometheus scrapes usually are inside a
 * network.
 */
export function registerMetrics(app: FastifyInstance, opts: { registry: Registry; token?: string }): void {
  const { registry } = opts;
  collectDefaultMetrics({ register: registry, prefix: 'it4u_' });
  const requests = new Histogram({
    name: 'it4u_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        // the route's pattern, never the path a caller typed (unbounded labels)
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Prometheus metrics (text format): the WAN links of the customer sites, the process, HTTP',
        security: [{ metricsToken: [] }],
      },
    },
    async (request, reply) => {
      if (opts.token) {
        const presented = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!same(presented, opts.token)) throw new UnauthorizedError('metricsTokenInvalid');
      }
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
