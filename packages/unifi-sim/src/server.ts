// Over 300 lines: the HTTP side of both controller flavours (classic and UniFi OS): logins, sessions, CSRF and routing differ in small ways best seen side by side.
/** The HTTP side: logins (classic and UniFi OS), sessions, CSRF, routing, call counters. */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ApiError, type Ctx, matchRoute, type Route } from './api.ts';
import { buildWorld } from './fleet.ts';
import { integration, integrationForbidden, integrationRefusal } from './integration.ts';
import { type Misbehaviour, NO_MISBEHAVIOUR } from './misbehaviour.ts';
import { type Certificate, selfSignedCertificate } from './tls.ts';
import { siteHealth, wlanStatus } from './views.ts';
import type { JsonObject, Site, World } from './world.ts';

export type Flavor = 'classic' | 'unifios';
export type { Misbehaviour };

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
  /**
   * number of sites, `default` included: the demo's `default`, then generated sites of an operator's spread (most with
   * 2-15 access points, about 10 on average, a hotel of 150 and a crowd of about 5,000 clients among them). Default:
   * the demo's own sites, always the same for a seed.
   */
  sites?: number;
  /** vouchers held by the second site (the generated big hotel, or the demo's hotel), e.g. 10,000 */
  vouchers?: number;
  /**
   * UniFi OS: the API key (`X-API-KEY` header) that is served instead of a session, as on a console with Network 9
   * or later (default `demo-api-key`; '' = none). The classic flavor has no API keys.
   */
  apiKey?: string;
  /** the account signs in with two-factor authentication: a login with the password alone is refused (default false) */
  twoFactor?: boolean;
  /** how it misbehaves from the start, as real controllers do (each off by default; see `Misbehaviour`) */
  misbehave?: Partial<Misbehaviour>;
  /**
   * Serves HTTPS with this certificate (a real console's is self-signed out of the box: `selfSignedCertificate()`),
   * or `true` for a new self-signed one; plain HTTP without.
   */
  tls?: true | Certificate;
};

export type Simulator = {
  /** base URL without trailing slash, e.g. http://127.0.0.1:41234 (Network paths under `${url}/proxy/network` on UniFi OS) */
  url: string;
  flavor: Flavor;
  username: string;
  password: string;
  /** the API key UniFi OS accepts ('' for none, and on classic) */
  apiKey: string;
  /** the certificate it serves over HTTPS (`tls`), none over HTTP */
  certificate?: Certificate;
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
  /** changes how it misbehaves from now on (the fields given; the others stay); answers the whole of it */
  misbehave(change: Partial<Misbehaviour>): Misbehaviour;
};

/** A session: when it began and ends, and the CSRF tokens it accepts now (the last few it gave). */
type Session = { createdAt: number; expiresAt: number; csrf: string[]; loginCsrf: string };

const JSON_TYPE = 'application/json;charset=UTF-8';
const NETWORK_PREFIX = '/proxy/network';
const CSRF_KEEP = 8;

const token = (bytes = 24) => randomBytes(bytes).toString('hex');
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * UniFi OS's `TOKEN` cookie: a JWT whose payload carries the session's CSRF token (Art-of-WiFi's Client.php reads
 * `csrfToken` from it) and, as any JWT, when it ends (`exp`, seconds). Not signed here: no client checks it.
 */
function sessionJwt(csrf: string, issuedAt: number, expiresAt: number): string {
  const payload = {
    userId: '868d288b-a642-4209-a768-8425498fa928',
    passwordRevision: 1585163886,
    isRemembered: true,
    csrfToken: csrf,
    iat: Math.floor(issuedAt / 1000),
    exp: Math.floor(expiresAt / 1000),
    jti: token(8),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.${token(16)}`;
}

/** A proxy's own page for a 502 or 503, as a console's nginx answers while its application is not there. */
function proxyPage(res: ServerResponse, status: 502 | 503): void {
  const title = status === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable';
  res.writeHead(status, { 'Content-Type': 'text/html' });
  res.end(`<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center></body></html>`);
}

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

/** The second factors of an account with two-factor sign-in, as the controller lists them when it asks for a code. */
function mfaChallenge(username: string): JsonObject {
  return {
    default_mfa: '3d1b6a52-8f0e-4a57-9d7c-6f1f0c2b9e41',
    mfa_cookie: `UBIC_2FA=${Buffer.from(username).toString('base64')}; path=/; secure; httponly`,
    authenticators: [
      { id: '9a6c1f0e-2b7d-4c33-8e55-0f4d2a7b1c90', type: 'backup_code', status: 'backup' },
      { id: '3d1b6a52-8f0e-4a57-9d7c-6f1f0c2b9e41', type: 'totp', status: 'active', name: 'UniFi Verify' },
      { id: '5e8f2c14-7a93-4b0d-a1e6-c2d9f3b4e857', type: 'email', status: 'active', email: 'o***@example.com' },
    ],
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
  const apiKey = flavor === 'unifios' ? (opts.apiKey ?? 'demo-api-key') : '';
  const twoFactor = opts.twoFactor ?? false;
  const world = buildWorld(opts.seed ?? 1, now(), { sites: opts.sites, vouchers: opts.vouchers });
  world.apGroups = opts.apGroups ?? false;
  const sessions = new Map<string, Session>();
  const counts = new Map<string, number>();
  let misbehaviour: Misbehaviour = { ...NO_MISBEHAVIOUR, ...opts.misbehave };
  /** when the last logins were tried (the last minute's), and until when the account is locked */
  let logins: number[] = [];
  let lockedUntil = 0;

  /** A login is tried: whether the account is locked for it (too many logins within a minute). */
  const loginLocked = (): boolean => {
    const at = now();
    if (at < lockedUntil) return true;
    logins = logins.filter((t) => at - t < 60_000);
    logins.push(at);
    if (misbehaviour.loginsPerMinute > 0 && logins.length > misbehaviour.loginsPerMinute) {
      lockedUntil = at + misbehaviour.loginLockMs;
      logins = [];
      return true;
    }
    return false;
  };

  /** Answers a login refused for the lock: 429 (UniFi OS's words), or 200 without a session when set so. */
  const refuseLocked = (res: ServerResponse) => {
    if (misbehaviour.lockedLoginOk) {
      send(res, 200, flavor === 'unifios' ? {} : { meta: { rc: 'ok' }, data: [] });
      return;
    }
    send(
      res,
      429,
      flavor === 'unifios'
        ? {
            code: 'AUTHENTICATION_FAILED_LIMIT_REACHED',
            message: 'Authentication Failed: Limit Reached',
            level: 'debug',
            errors: ['Authentication Failed: Limit Reached'],
          }
        : // no public source gives a classic controller's words for it: the client reads only the status
          envelopeError('api.err.LoginLimitReached'),
    );
  };

  /** A new session of the ttl, its first CSRF token accepted. */
  const newSession = (): Session & { csrfToken: string } => {
    const csrf = token(16);
    const at = now();
    return { createdAt: at, expiresAt: at + ttl, csrf: [csrf], loginCsrf: csrf, csrfToken: csrf };
  };

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
    if (now() >= session.expiresAt) {
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

    // ---- the simulator's own control, for tests in another process ----
    if (path === '/__sim/misbehave') {
      if (method === 'POST') misbehaviour = { ...misbehaviour, ...(body as Partial<Misbehaviour>) };
      send(res, 200, misbehaviour);
      return;
    }

    if (misbehaviour.booting) {
      count(method, path);
      proxyPage(res, misbehaviour.booting);
      return;
    }

    // ---- pages ----
    if (method === 'GET' && (path === '/' || path === '/manage')) {
      count(method, path);
      if (path === '/' && (flavor === 'classic' || misbehaviour.rootRedirect)) {
        res.writeHead(302, { Location: flavor === 'classic' ? '/manage' : '/login' });
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
      if (loginLocked()) {
        refuseLocked(res);
        return;
      }
      if (body.username !== username || body.password !== password) {
        send(res, 400, envelopeError('api.err.Invalid'));
        return;
      }
      if (twoFactor) {
        // as a classic controller answers an account with two-factor sign-in: the code is asked for; the simulator
        // has no authenticator, so no code lets the login through
        send(res, 400, { meta: { rc: 'error', msg: 'api.err.Ubic2faTokenRequired' }, data: [mfaChallenge(username)] });
        return;
      }
      const id = token();
      const { csrfToken: csrf, ...session } = newSession();
      sessions.set(id, session);
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
      if (loginLocked()) {
        refuseLocked(res);
        return;
      }
      if (body.username !== username || body.password !== password) {
        send(res, 401, {
          code: 'AUTHENTICATION_FAILED_INVALID_CREDENTIALS',
          message: 'Authentication Failed: Invalid username or password',
          level: 'debug',
          errors: ['Invalid username or password'],
        });
        return;
      }
      if (twoFactor) {
        // UniFi OS asks for the second factor with 499 and the account's authenticators (see the README)
        send(res, 499, {
          code: 'MFA_AUTH_REQUIRED',
          message: 'MFA token required to authenticate to SSO',
          level: 'debug',
          data: { required: '2fa', ...mfaChallenge(username) },
        });
        return;
      }
      const { csrfToken: csrf, ...session } = newSession();
      const id = sessionJwt(csrf, session.createdAt, session.expiresAt);
      sessions.set(id, session);
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

    // ---- the official Network API (UniFi OS, Network 9 and later): an API key, and nothing else ----
    if (flavor === 'unifios' && path.startsWith(`${NETWORK_PREFIX}/integration/`)) {
      const own = path.slice(`${NETWORK_PREFIX}/integration`.length);
      count(
        method,
        `/integration${own.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}')}`,
      );
      if (misbehaviour.removed.includes('integration')) {
        send(res, 404, { error: { code: 404, message: 'Not Found' } });
        return;
      }
      if (req.headers['x-api-key'] !== apiKey || apiKey === '') {
        const refused = integrationRefusal(path);
        send(res, refused.status, refused.body);
        return;
      }
      const write = method !== 'GET';
      if (write && misbehaviour.readOnly) {
        const refused = integrationForbidden(path);
        send(res, refused.status, refused.body);
        return;
      }
      const answer = integration(world, method, own, url.searchParams, now(), body, misbehaviour);
      if (!answer) send(res, 404, { error: { code: 404, message: 'Not Found' } });
      else if (write && answer.status < 300 && misbehaviour.writesAppliedThen503 > 0) {
        misbehaviour = { ...misbehaviour, writesAppliedThen503: misbehaviour.writesAppliedThen503 - 1 };
        proxyPage(res, 503);
      } else send(res, answer.status, answer.body);
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

    // UniFi OS with Network 9 and later: an API key stands for a session, and a request carrying one is judged by it
    // alone (no session, no CSRF token); a wrong key is refused as the console's gateway refuses it
    const sentKey = req.headers['x-api-key'];
    if (flavor === 'unifios' && typeof sentKey === 'string') {
      if (apiKey === '' || sentKey !== apiKey) {
        send(res, 401, { error: { code: 401, message: 'Unauthorized' } });
        return;
      }
      serve(res, method, match, url, body, {});
      return;
    }

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
      // a fresh token on every answer, in X-Updated-CSRF-Token; the last few stay valid so that concurrent calls do
      // not fail. X-CSRF-Token keeps naming the login's, which stops being accepted once 8 fresh ones followed it: a
      // client must take the updated one when both come (unpoller/unifi's Login reads x-updated-csrf-token last)
      const fresh = token(16);
      session.csrf.push(fresh);
      if (session.csrf.length > CSRF_KEEP) session.csrf.shift();
      headers['x-csrf-token'] = session.loginCsrf;
      headers['x-updated-csrf-token'] = fresh;
    } else if (method !== 'GET' && method !== 'HEAD') {
      const sent = req.headers['x-csrf-token'];
      if (sent !== session.csrf[0]) {
        send(res, 403, envelopeError('api.err.InvalidCsrfToken'));
        return;
      }
    }
    serve(res, method, match, url, body, headers);
  }

  /** A Network call past its authentication: path, method, site, then the handler. */
  function serve(
    res: ServerResponse,
    method: string,
    match: ReturnType<typeof matchRoute>,
    url: URL,
    body: JsonObject,
    headers: Record<string, string>,
  ): void {
    if (flavor === 'unifios' && misbehaviour.networkForbidden) {
      send(res, 403, { error: { code: 403, message: 'Forbidden' } }, headers);
      return;
    }
    if (!match || ('route' in match && misbehaviour.removed.includes(`${method} ${match.route.template}`))) {
      send(res, 404, envelopeError('api.err.NotFound'), headers);
      return;
    }
    if (!('route' in match)) {
      send(res, 405, envelopeError('api.err.MethodNotAllowed'), headers);
      return;
    }
    if (misbehaviour.readOnly && method !== 'GET' && !/\/(stat|get)\//.test(match.route.template)) {
      send(res, 403, envelopeError('api.err.NoPermission'), headers);
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
      misbehaviour,
    };
    // a write makes the cached views stale (stat/sites' health in a big world); reads sent as POST do not
    const write = method !== 'GET' && !/\/(stat|get)\//.test(match.route.template);
    const slow = match.route.template === '/api/stat/sites' ? misbehaviour.statSitesMsPerSite * world.sites.length : 0;
    if (slow > 0) {
      setTimeout(() => answer(res, match.route, ctx, write, headers), slow);
      return;
    }
    answer(res, match.route, ctx, write, headers);
  }

  /** The handler's answer, sent. */
  function answer(res: ServerResponse, route: Route, ctx: Ctx, write: boolean, headers: Record<string, string>): void {
    if (res.destroyed) return;
    const v2 = route.v2;
    if (write) world.version++;
    try {
      const data = route.handler(ctx);
      if (write && misbehaviour.writesAppliedThen503 > 0) {
        misbehaviour = { ...misbehaviour, writesAppliedThen503: misbehaviour.writesAppliedThen503 - 1 };
        proxyPage(res, 503);
        return;
      }
      send(res, 200, v2 === 'list' ? data : v2 === 'one' ? data[0] : { meta: { rc: 'ok' }, data }, headers);
    } catch (error) {
      if (error instanceof ApiError) {
        send(
          res,
          error.status,
          v2 ? { errorCode: error.status, message: error.msg } : envelopeError(error.msg),
          headers,
        );
        return;
      }
      console.error('[unifi-sim]', error);
      send(res, 500, envelopeError('api.err.ServerError'), headers);
    }
  }

  const onRequest: RequestListener = (req, res) => {
    // the controller's own clock in every answer's Date, as a real server's (a client learns the controller's time by it)
    res.setHeader('Date', new Date(now()).toUTCString());
    handle(req, res).catch((error: unknown) => {
      if (error instanceof ApiError) {
        if (!res.headersSent) send(res, error.status, envelopeError(error.msg));
        return;
      }
      console.error('[unifi-sim]', error);
      if (!res.headersSent) send(res, 500, envelopeError('api.err.ServerError'));
      else res.destroy();
    });
  };
  const certificate = opts.tls === true ? selfSignedCertificate() : opts.tls;
  const server = certificate
    ? createHttpsServer({ key: certificate.key, cert: certificate.cert }, onRequest)
    : createServer(onRequest);

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

  // A world of many sites readies stat/sites in the background, a slice of a few milliseconds at a time (requests
  // are served between slices): each site's devices, its day of visits and its health of this minute. A request
  // that comes first computes what is not ready yet; either way the answers are the same.
  let warming: NodeJS.Immediate | undefined;
  const warm = (from: number) => {
    const until = performance.now() + 8;
    let i = from;
    for (; i < world.sites.length && performance.now() < until; i++) siteHealth(world, world.sites[i], now());
    warming = i < world.sites.length ? setImmediate(warm, i) : undefined;
  };
  if (world.healthCache) warming = setImmediate(warm, 0);

  return {
    url: `${certificate ? 'https' : 'http'}://${urlHost}:${port}`,
    ...(certificate ? { certificate } : {}),
    flavor,
    username,
    password,
    apiKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (warming) clearImmediate(warming);
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
      world.version++;
    },
    siteStatuses: () => Object.fromEntries(world.sites.map((s) => [s.name, wlanStatus(s, now())])),
    state: world,
    misbehave: (change) => {
      misbehaviour = { ...misbehaviour, ...change };
      if (change.loginsPerMinute !== undefined) lockedUntil = 0;
      return misbehaviour;
    },
  };
}
