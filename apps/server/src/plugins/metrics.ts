import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, type Registry } from 'prom-client';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { sameSecret } from '../lib/secrets.ts';

/**
 * Whether a request comes from this machine itself: its connection's address is a loopback one and it names no
 * client beyond (a reverse proxy on this machine adds X-Forwarded-For or Forwarded: what it passes on is not this
 * machine's, whatever TRUST_PROXY says).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress ?? '';
  const loopback = /^(::ffff:)?127\./.test(address) || address === '::1';
  const h = request.headers;
  return loopback && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}

/**
 * `GET /metrics` in the Prometheus text format: the process's metrics (prom-client's defaults), the HTTP requests
 * by route and status, and what the areas add to the registry (the WAN links). Closed by default (issue 23): with a
 * token (METRICS_TOKEN, else the one an administrator generated in Settings → Parameter) the scraper sends it as a
 * bearer token, from anywhere; without one only this machine is answered (a Prometheus beside the console).
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { registry: Registry; token: () => Promise<string> },
): void {
  const { registry } = opts;
  collectDefaultMetrics({ register: registry, prefix: 'it4u_' });
  // three of prom-client's gauges are named like counters (`_total`), which Prometheus's lint refuses; the same
  // counts are in it4u_nodejs_active_resources (by kind) and it4u_nodejs_active_handles
  for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total']) {
    registry.removeSingleMetric(`it4u_nodejs_${name}`);
  }
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
      const token = await opts.token();
      if (token) {
        const presented = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(presented, token)) throw new UnauthorizedError('metricsTokenInvalid');
      } else if (!fromLoopback(request)) throw new ForbiddenError('metricsLoopbackOnly');
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
