import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, type Registry } from 'prom-client';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { sameSecret } from '../lib/secrets.ts';
import { rowsImported, XLSX_TYPE } from '../lib/upload.ts';

/** The answers that are files people download: spreadsheets and PDF. */
const FILE_TYPES = new RegExp(`^(${XLSX_TYPE.replaceAll('.', '\\.')}|application/pdf)`);

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
 * Whether a request comes from the console's operator, as `/metrics` asks it: the metrics token as a bearer token
 * when one is set (METRICS_TOKEN, or generated in Settings → Parameter), else a request of this machine itself.
 */
export function fromOperator(request: FastifyRequest, token: string): boolean {
  if (!token) return fromLoopback(request);
  const presented = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return sameSecret(presented, token);
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
  const imports = new Histogram({
    name: 'it4u_import_duration_seconds',
    help: 'Spreadsheet imports, by route and outcome (saved; refused: a bad file or bad rows, nothing saved; failed)',
    labelNames: ['route', 'outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const importedRows = new Counter({
    name: 'it4u_import_rows_total',
    help: 'Rows saved by spreadsheet imports, by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const exports = new Histogram({
    name: 'it4u_export_duration_seconds',
    help: 'Files downloaded (spreadsheets, PDF), by route',
    labelNames: ['route'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const exportedBytes = new Counter({
    name: 'it4u_export_bytes_total',
    help: 'Bytes of the files downloaded (spreadsheets, PDF), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // the route's pattern, never the path a caller typed (unbounded labels)
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, seconds);
    if (request.routeOptions.config?.transfer === 'import') {
      const outcome = reply.statusCode < 400 ? 'saved' : reply.statusCode < 500 ? 'refused' : 'failed';
      imports.observe({ route, outcome }, seconds);
      if (outcome === 'saved') importedRows.inc({ route }, rowsImported(request));
    } else if (reply.statusCode === 200 && FILE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) {
      exports.observe({ route }, seconds);
      exportedBytes.inc({ route }, Number(reply.getHeader('content-length')) || 0);
    }
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
      if (!fromOperator(request, token)) {
        throw token ? new UnauthorizedError('metricsTokenInvalid') : new ForbiddenError('metricsLoopbackOnly');
      }
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
