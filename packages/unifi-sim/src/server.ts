// Over 300 lines: the HTTP side of both controller flavours (classic and UniFi OS): logins, sessions, CSRF and routing differ in small ways best seen side by side.
/** The HTTP side: logins (classic and UniFi OS), sessions, CSRF, routing, call counters. */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, type Ctx, matchRoute } from './api.ts';
import { wlanStatus } from './views.ts';
import { createWorld, type JsonObject, type Site, type World } from './world.ts';

export type Flavor = 'classic' | 'unifios';

export type SimulatorOptions = {
  /** 0 (default) = any free port */
  port?: number;
  host?: string;
  flavor?: Flavor;
  /** a controller of Network 6 and later, with AP groups (v2 API) for its wifi groups (default false) */
  apGroups?: boolean;
  username?: string;
  password?: string;
  /** seed of all generated data (default 1) */
  seed?: number;
  /** clock of the simulated controller (default Date.now); read on every request */
  now?: () => number;
  /** sessions expire this long after login (default 30 min) */
  sessionTtlMs?: number;
};

export type Simulator = {
  /** base URL without trailing slash, e.g. http://127.0.0.1:41234 (Network paths under `${url}/proxy/network` on UniFi OS) */
  url: string;
  flavor: Flavor;
  username: string;
  password: string;
  close(): Promise<void>;
  /** number of requests per "METHOD /template", e.g. "GET /api/s/{site}/stat/sta" (all sites together) */
  calls(): Record<string, number>;
  /** requests for one template, optionally for one site short name */
  callsFor(method: string, pathTemplate: string, site?: string): number;
  resetCalls(): void;
  /** drop every session: the next call answers 401 LoginRequired */
  expireSessions(): void;
  /** mark an access point connected or disconnected from now on */
  setDeviceConnected(siteName: string, mac: string, connected: boolean): void;
  /** the wlan health status of each site now: { [siteName]: 'ok' | 'warning' | 'error' | 'unknown' } */
  siteStatuses(): Record<string, string>;
  /** the in-memory state (mutable, for tests) */
  state: World;
};

type Session = { createdAt: number; csrf: string[] };

const JSON_TYPE = 'application/json;charset=UTF-8';
const NETWORK_PREFIX = '/proxy/network';
const CSRF_KEEP = 8;

const token = (bytes = 24) => randomBytes(bytes).toString('hex');

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const value = part.slice(eq + 1).trim();
    try {
      out[part.slice(0, eq).trim()] = decodeURIComponent(value);
    } catch {
      out[part.slice(0, eq).trim()] = value;
    }
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new ApiError(413, 'api.err.PayloadTooLarge'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const envelopeError = (msg: string) => ({ meta: { rc: 'error', msg }, data: [] });

function unifiOsUser(username: string): JsonObject {
  return {
    unique_id: '868d288b-a642-4209-a768-8425498fa928',
    username,
    first_name: 'Sim',
    last_name: 'Admin',
    full_name: 'Sim Admin',
    email: '',
    email_status: 'UNVERIFIED',
    phone: '',
    avatar: '',
    avatar_relative_path: '',
    status: 'ACTIVE',
    sso_account: '',
    sso_uuid: '',
    sso_username: '',
    create_time: 1585163886,
    local_account_exist: true,
    uid_sso_id: '',
    uid_sso_account: '',
    password_revision: 1585163886,
    extras: null,
    nfc_token: '',
    nfc_display_id: '',
    update_time: 1585167486,
    groups: [],
    roles: [
      {
        unique_id: 'ddf31242-c4f1-4dbc-b362-d0b220cae124',
        name: 'Super Administrator',
        system_role: true,
        system_key: 'super_administrator',
        level: 2,
      },
    ],
    permissions: { 'network.management': ['admin'], 'system.management.user': ['admin'] },
    scopes: ['view:controller:network', 'manage:controller:network'],
    cloud_access_granted: false,
    id: '868d288b-a642-4209-a768-8425498fa928',
    isOwner: true,
    isSuperAdmin: true,
  };
}

const HTML = (title: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>UniFi Network controller simulator</p></body></html>`;

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const flavor: Flavor = opts.flavor ?? 'classic';
  const username = opts.username ?? 'admin';
  const password = opts.password ?? 'demo-password';
  const now = opts.now ?? (() => Date.now());
  const ttl = opts.sessionTtlMs ?? 30 * 60_000;
  const world = createWorld(opts.seed ?? 1, now());
  world.apGroups = opts.apGroups ?? false;
  const sessions = new Map<string, Session>();
  const counts = new Map<string, number>();

  const count = (method: string, template: string, site?: string) => {
    const key = `${method} ${template}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (site !== undefined) counts.set(`${key} @${site}`, (counts.get(`${key} @${site}`) ?? 0) + 1);
  };

  const sessionCookie = flavor === 'classic' ? 'unifises' : 'TOKEN';

  /** the valid session of the request, or null */
  const sessionOf = (req: IncomingMessage): Session | null => {
    const id = parseCookies(req.headers.cookie)[sessionCookie];
    if (!id) return null;
    const session = sessions.get(id);
    if (!session) return null;
    if (now() - session.createdAt >= ttl) {
      sessions.delete(id);
      return null;
    }
    return session;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const raw = await readBody(req);
    let body: JsonObject = {};
    if (raw.trim()) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as JsonObject;
      } catch {
        count(method, path);
        send(res, 400, envelopeError('api.err.InvalidPayload'));
        return;
      }
    }

    // ---- pages ----
    if (method === 'GET' && (path === '/' || path === '/manage')) {
      count(method, path);
      if (flavor === 'classic' && path === '/') {
        res.writeHead(302, { Location: '/manage' });
        res.end();
        return;
      }
      const html = HTML(flavor === 'unifios' ? 'UniFi OS' : 'UniFi Network');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
      res.end(html);
      return;
    }

    // ---- login / logout ----
    if (flavor === 'classic' && path === '/api/login' && method === 'POST') {
      count(method, path);
      if (body.username !== username || body.password !== password) {
        send(res, 400, envelopeError('api.err.Invalid'));
        return;
      }
      const id = token();
      const csrf = token(16);
      sessions.set(id, { createdAt: now(), csrf: [csrf] });
      send(
        res,
        200,
        { meta: { rc: 'ok' }, data: [] },
        {
          'Set-Cookie': [`unifises=${id}; Path=/; HttpOnly`, `csrf_token=${csrf}; Path=/`],
        },
      );
      return;
    }
    if (flavor === 'unifios' && path === '/api/auth/login' && method === 'POST') {
      count(method, path);
      if (body.username !== username || body.password !== password) {
        send(res, 401, {
          code: 'AUTHENTICATION_FAILED_INVALID_CREDENTIALS',
          message: 'Authentication Failed: Invalid username or password',
          level: 'debug',
          errors: ['Invalid username or password'],
        });
        return;
      }
      const id = token();
      const csrf = token(16);
      sessions.set(id, { createdAt: now(), csrf: [csrf] });
      send(res, 200, unifiOsUser(username), {
        'Set-Cookie': `TOKEN=${id}; Path=/; SameSite=Strict; HttpOnly`,
        'x-csrf-token': csrf,
      });
      return;
    }
    const logoutPath = flavor === 'classic' ? '/api/logout' : '/api/auth/logout';
    if (path === logoutPath && method === 'POST') {
      count(method, path);
      const id = parseCookies(req.headers.cookie)[sessionCookie];
      if (id) sessions.delete(id);
      send(
        res,
        200,
        { meta: { rc: 'ok' }, data: [] },
        {
          'Set-Cookie': `${sessionCookie}=; Path=/; Max-Age=0`,
        },
      );
      return;
    }

    // ---- Network API ----
    let networkPath: string | null = null;
    if (flavor === 'classic' && (path.startsWith('/api/') || path.startsWith('/v2/api/'))) networkPath = path;
    if (
      flavor === 'unifios' &&
      (path.startsWith(`${NETWORK_PREFIX}/api/`) || path.startsWith(`${NETWORK_PREFIX}/v2/api/`))
    )
      networkPath = path.slice(NETWORK_PREFIX.length);
    if (flavor === 'unifios' && path === '/api/users/self' && method === 'GET') {
      count(method, path);
      const session = sessionOf(req);
      if (!session) {
        send(res, 401, { error: { code: 401, message: 'Unauthorized' } });
        return;
      }
      send(res, 200, unifiOsUser(username), { 'x-csrf-token': session.csrf[session.csrf.length - 1] });
      return;
    }
    if (networkPath === null) {
      count(method, path);
      send(res, 404, path.includes('/api/') ? envelopeError('api.err.NotFound') : { error: 'Not Found' });
      return;
    }

    const match = matchRoute(method, networkPath);
    const template = match && 'route' in match ? match.route.template : (match?.template ?? networkPath);
    const siteName = match && 'route' in match ? match.site : undefined;
    count(method, template, siteName);

    const session = sessionOf(req);
    if (!session) {
      send(res, 401, envelopeError('api.err.LoginRequired'));
      return;
    }
    const headers: Record<string, string> = {};
    if (flavor === 'unifios') {
      if (method !== 'GET' && method !== 'HEAD') {
        const sent = req.headers['x-csrf-token'];
        if (typeof sent !== 'string' || !session.csrf.includes(sent)) {
          send(res, 403, envelopeError('api.err.InvalidCsrfToken'));
          return;
        }
      }
      // a fresh token on every answer; the last few stay valid so that concurrent calls do not fail
      const fresh = token(16);
      session.csrf.push(fresh);
      if (session.csrf.length > CSRF_KEEP) session.csrf.shift();
      headers['x-csrf-token'] = fresh;
      headers['x-updated-csrf-token'] = fresh;
    } else if (method !== 'GET' && method !== 'HEAD') {
      const sent = req.headers['x-csrf-token'];
      if (sent !== session.csrf[0]) {
        send(res, 403, envelopeError('api.err.InvalidCsrfToken'));
        return;
      }
    }

    if (!match) {
      send(res, 404, envelopeError('api.err.NotFound'), headers);
      return;
    }
    if (!('route' in match)) {
      send(res, 405, envelopeError('api.err.MethodNotAllowed'), headers);
      return;
    }
    let site: Site | undefined;
    if (match.site !== undefined) {
      site = world.sites.find((s) => s.name === match.site);
      if (!site) {
        send(res, 400, envelopeError('api.err.NoSiteContext'), headers);
        return;
      }
    }
    const ctx: Ctx = {
      world,
      site: site ?? world.sites[0],
      body,
      query: url.searchParams,
      params: match.params,
      now: now(),
      flavor,
      username,
    };
    const v2 = match.route.v2;
    try {
      const data = match.route.handler(ctx);
      send(res, 200, v2 === 'list' ? data : v2 === 'one' ? data[0] : { meta: { rc: 'ok' }, data }, headers);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      send(res, error.status, v2 ? { errorCode: error.status, message: error.msg } : envelopeError(error.msg), headers);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof ApiError) {
        if (!res.headersSent) send(res, error.status, envelopeError(error.msg));
        return;
      }
      console.error('[unifi-sim]', error);
      if (!res.headersSent) send(res, 500, envelopeError('api.err.ServerError'));
      else res.destroy();
    });
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    flavor,
    username,
    password,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    calls: () => {
      const out: Record<string, number> = {};
      for (const [key, value] of counts) if (!key.includes(' @')) out[key] = value;
      return out;
    },
    callsFor: (method, pathTemplate, site) =>
      counts.get(`${method.toUpperCase()} ${pathTemplate}${site === undefined ? '' : ` @${site}`}`) ?? 0,
    resetCalls: () => counts.clear(),
    expireSessions: () => sessions.clear(),
    setDeviceConnected: (siteName, mac, connected) => {
      const device = world.sites.find((s) => s.name === siteName)?.devices.find((d) => d.mac === mac);
      if (!device) throw new Error(`unknown device ${siteName}/${mac}`);
      device.downSince = connected ? null : now();
      if (connected) device.bootAt = now();
    },
    siteStatuses: () => Object.fromEntries(world.sites.map((s) => [s.name, wlanStatus(s, now())])),
    state: world,
  };
}
