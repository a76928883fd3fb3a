// Ubiquiti's Site Manager cloud (api.ui.com) for consoles behind NAT: the hosts of an account, and the connector that
// carries a request to one console's applications.
//
// Its shapes as Ubiquiti's Site Manager API v1.0 gives them (developer.ui.com/site-manager/v1.0.0: gettingstarted,
// listhosts, responseformat; example answers as lexfrei/go-unifi keeps them, `api/sitemanager/testdata/hosts/`):
// - every request carries the account's key in `X-API-Key`;
// - `GET /v1/hosts` answers `{ data: [host], httpStatusCode: 200, traceId, nextToken }`, paged by `pageSize` and
//   `nextToken`; a host is `{ id ("<hex>:<number>"), hardwareId, type ("console", "network-server", "ucore"),
//   ipAddress, owner, isBlocked, lastConnectionStateChange, reportedState }`, `reportedState` `{ hostname, name,
//   state ("connected"), version, … }` or null;
// - an error is `{ code, httpStatusCode, message, traceId }` (`UNAUTHORIZED` 401, `NOT_FOUND` 404, `RATE_LIMIT` 429,
//   `BAD_GATEWAY` 502); past the rate limit (100 requests a minute for Early Access, 10,000 for v1) a 429 with a
//   `Retry-After` in seconds;
// - the connector (developer.ui.com/network/v10.1.68/connectorget, connectorpost) forwards
//   `/v1/connector/consoles/{id}/*path` to the console's `/proxy/<path>` and passes its answer through. Ubiquiti
//   spells the path both ways: the connector's page sends `network/integration/v1/sites`, each endpoint's example
//   `proxy/network/integration/v1/sites` (the public clients use either). `spelling` says which this cloud takes.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A console the cloud knows: its host id, its name, and the console it forwards to (its URL and API key). */
export type CloudConsole = { id: string; name: string; url: string; apiKey: string; connected?: boolean };

export type SiteManagerOptions = {
  /** the account's Site Manager key */
  apiKey?: string;
  consoles: CloudConsole[];
  /** requests a minute before a 429 (default 10,000, v1's; Early Access's is 100) */
  perMinute?: number;
  /** the connector paths the cloud takes: `proxy/network/…`, `network/…`, or both (default) */
  spelling?: 'proxy' | 'bare' | 'both';
  /** the cloud's clock, for its rate limit (default Date.now) */
  now?: () => number;
};

export type SiteManager = {
  url: string;
  apiKey: string;
  /** the connector's address of a console: a controller's URL */
  connectorUrl: (id: string) => string;
  /** requests answered so far, by kind (`hosts`, `connector`, `429`) */
  counts: Record<string, number>;
  /** a console goes offline (the connector answers 502) or comes back */
  setConnected: (id: string, connected: boolean) => void;
  close: () => Promise<void>;
};

/** A host id as Site Manager spells them: 56 hex digits, a colon, a number. */
export const hostIdOf = (name: string) => {
  const hex = createHash('sha256').update(name).digest('hex').toUpperCase().slice(0, 56);
  return `${hex}:${Number.parseInt(hex.slice(0, 8), 16)}`;
};

const traceId = (seed: string) => createHash('md5').update(seed).digest('hex');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const failure = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
  send(res, status, { code, httpStatusCode: status, message, traceId: traceId(`${code}${message}`) }, headers);

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Starts a Site Manager cloud on loopback in front of `consoles`. */
export async function startSiteManager(opts: SiteManagerOptions): Promise<SiteManager> {
  const apiKey = opts.apiKey ?? 'site-manager-key';
  const perMinute = opts.perMinute ?? 10_000;
  const spelling = opts.spelling ?? 'both';
  const now = opts.now ?? Date.now;
  const consoles = new Map(opts.consoles.map((c) => [c.id, { ...c, connected: c.connected ?? true }]));
  const counts: Record<string, number> = {};
  const count = (kind: string) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
  };
  /** the requests of the current minute (a fixed window, as a cloud's limiter counts) */
  let window = { start: 0, used: 0 };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://cloud');
    if (req.headers['x-api-key'] !== apiKey) return failure(res, 401, 'UNAUTHORIZED', 'unauthorized');
    const minute = Math.floor(now() / 60_000) * 60_000;
    if (window.start !== minute) window = { start: minute, used: 0 };
    if (++window.used > perMinute) {
      count('429');
      const seconds = (minute + 60_000 - now()) / 1000;
      return failure(res, 429, 'RATE_LIMIT', `rate limit exceeded, retry after ${seconds}s`, {
        'retry-after': String(Math.max(1, Math.ceil(seconds))),
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/hosts') {
      count('hosts');
      const all = [...consoles.values()];
      const size = Number(url.searchParams.get('pageSize') ?? 25);
      const from = Number(url.searchParams.get('nextToken') || 0);
      if (!Number.isInteger(size) || size < 1 || !Number.isInteger(from) || from < 0) {
        return failure(res, 400, 'BAD_REQUEST', 'invalid request parameters');
      }
      const data = all.slice(from, from + size).map((c) => ({
        id: c.id,
        hardwareId: traceId(`hw${c.id}`).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
        type: 'console',
        ipAddress: '203.0.113.2',
        owner: true,
        isBlocked: false,
        lastConnectionStateChange: '2026-04-10T21:08:21.567Z',
        reportedState: { hostname: c.name, name: c.name, state: c.connected ? 'connected' : 'disconnected' },
      }));
      const next = from + size < all.length ? String(from + size) : '';
      return send(res, 200, { data, httpStatusCode: 200, traceId: traceId(url.search), nextToken: next });
    }
    const connector = /^\/v1\/connector\/consoles\/([^/]+)\/(.*)$/.exec(url.pathname);
    if (!connector) return failure(res, 404, 'NOT_FOUND', `route not found: ${url.pathname}`);
    count('connector');
    const target = consoles.get(decodeURIComponent(connector[1] ?? ''));
    if (!target) return failure(res, 404, 'NOT_FOUND', `thing not found: ${connector[1]}`);
    let path = connector[2] ?? '';
    const proxied = path.startsWith('proxy/');
    if ((proxied && spelling === 'bare') || (!proxied && spelling === 'proxy')) {
      return failure(res, 404, 'NOT_FOUND', `route not found: ${url.pathname}`);
    }
    if (proxied) path = path.slice('proxy/'.length);
    if (!target.connected) return failure(res, 502, 'BAD_GATEWAY', 'bad gateway');
    const body = await readBody(req);
    // the console answers its cloud as it answers an API key on its own network
    const answer = await fetch(`${target.url}/proxy/${path}${url.search}`, {
      method: req.method,
      headers: {
        accept: 'application/json',
        'x-api-key': target.apiKey,
        ...(body.length ? { 'content-type': String(req.headers['content-type'] ?? 'application/json') } : {}),
      },
      ...(body.length ? { body: new Uint8Array(body) } : {}),
    }).catch(() => undefined);
    if (!answer) return failure(res, 502, 'BAD_GATEWAY', 'bad gateway');
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) failure(res, 500, 'SERVER_ERROR', 'failed to get resource');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    connectorUrl: (id) => `${url}/v1/connector/consoles/${id}`,
    counts,
    setConnected: (id, connected) => {
      const c = consoles.get(id);
      if (c) c.connected = connected;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
