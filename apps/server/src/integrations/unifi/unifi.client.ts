import { Agent, type Dispatcher, request as httpRequest } from 'undici';
import { NotFoundError } from '../../lib/errors.ts';
import { callKind } from '../../lib/opsMetrics.ts';
import { ControllerBusyError, ControllerError, ControllerTimeoutError } from './unifi.errors.ts';

export type ControllerConfig = {
  /** https://host:8443 (classic) or https://host (UniFi OS) */
  url: string;
  /** the account of a password login ('' with an API key) */
  username: string;
  password: string;
  /**
   * An API key of a UniFi OS console (Network 9 and later). When set (not blank) there is no login at all: every
   * request carries it in `X-API-KEY`, the controller must be UniFi OS (Network under `/proxy/network`), and a 401
   * means the key is refused.
   */
  apiKey?: string;
  /** classic or UniFi OS when the administrator said so; found out at the first login otherwise */
  flavor?: Flavor;
  /** TLS certificate verification; off only when the deployment says so (self-signed controllers). */
  verifyTls: boolean;
  /** the deadline of one call, its login and its retries included (default 10 s) */
  timeoutMs?: number;
  /** the clock of the retry waits, deadlines and cool-downs (default Date.now; tests give their own) */
  now?: () => number;
  /** waits before a retry (default setTimeout; tests give their own) */
  sleep?: (ms: number) => Promise<void>;
  /** each call's kind, outcome and time (s), for /metrics */
  observe?: (kind: string, ok: boolean, seconds: number) => void;
};

export type Flavor = 'classic' | 'unifios';

type Envelope = { meta?: { rc?: string; msg?: string }; data?: unknown };

/** An answer of the controller, its body read. */
type Answer = { status: number; ok: boolean; header: (name: string) => string | undefined; text: string };

const headerOf = (headers: Record<string, string | string[] | undefined>) => (name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const LOGIN_REQUIRED = 'api.err.LoginRequired';
const NO_SITE = 'api.err.NoSiteContext';
/** The reason given when a controller refuses an API key (or, classic, has none to accept). */
const API_KEY_REFUSED = 'X-API-KEY';

/** Retries of a call the controller refused with 429 or 503, and the waits when it does not say (1 s, 2 s). */
const MAX_RETRIES = 2;
const FIRST_BACKOFF_MS = 1_000;
/**
 * The requests one controller is sent at once; the others wait their turn (within their deadline). An operator's
 * cold overview reads hundreds of sites' devices: all at once they would flood the controller and the console's own
 * event loop, which then answers the viewer late.
 */
const MAX_IN_FLIGHT = 16;
/** The first cool-down after a timeout, and the longest. */
const FIRST_COOL_DOWN_MS = 5_000;
const MAX_COOL_DOWN_MS = 60_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A thin client of a UniFi Network controller over undici's request (a third of fetch's work for each call: the guest
 * login makes three): detects classic or UniFi OS, logs in, keeps the session
 * cookie and CSRF token, unwraps the `meta.rc` envelope, logs in again once when the session has expired, and
 * puts a deadline on every call (`timeoutMs`, its login and retries included).
 *
 * With an API key (`apiKey`) it never logs in: each request carries the key, and a refusal (401) fails the call at
 * once with `controllerLoginRefused`, as another try with the same key would meet the same answer. It still asks
 * `GET /` once, as for a login, so that a classic controller (which has no API keys) is told apart and refused
 * without the key being sent to paths it does not have. An account with two-factor sign-in cannot log in with its
 * password alone: the controller asks for a code, and the call fails with `controllerTwoFactor`.
 *
 * It sends one controller at most 16 requests at once (the others wait their turn within their deadline), and it
 * does not hammer a controller in trouble:
 * - **429 or 503** (busy): the same request is sent again after the controller's `Retry-After` (seconds or an HTTP
 *   date), else after 1 s then 2 s; at most 2 retries, and never a wait that ends past the call's deadline. Still
 *   refused: `controllerBusy` (503, `seconds` = the wait the controller asked for next).
 * - **Timeouts**: a request that times out opens a cool-down of 5 s; until it ends, new requests fail at once with the
 *   same `controllerTimeout` (504) without opening a connection. After it, one request goes through as a probe (the
 *   others still fail fast while it runs): if the probe times out too, the next cool-down is twice as long (up to
 *   60 s); any answer from the controller, whatever its status, ends the cool-downs and starts over at 5 s.
 */
export function createUnifiClient(config: ControllerConfig) {
  const base = config.url.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? defaultSleep;
  const apiKey = config.apiKey?.trim() || undefined;
  const dispatcher: Dispatcher | undefined = config.verifyTls
    ? undefined
    : new Agent({ connect: { rejectUnauthorized: false } });
  const cookies = new Map<string, string>();
  let csrf: string | undefined;
  let flavor: Flavor | undefined = config.flavor;
  let loggingIn: Promise<void> | undefined;
  /** the cool-down after timeouts: its length (0 = none), when it ends, and whether its probe is under way */
  let coolDownMs = 0;
  let coolUntil = 0;
  let probing = false;
  /** requests under way, and those waiting for a slot */
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  const timedOut = () => new ControllerTimeoutError(base, Math.ceil(timeoutMs / 1000));

  /** A request timed out: the first (or the probe's) opens the next cool-down; those sent before it opened do not. */
  function onTimeout(probe: boolean) {
    if (coolDownMs > 0 && !probe) return;
    coolDownMs = coolDownMs === 0 ? FIRST_COOL_DOWN_MS : Math.min(coolDownMs * 2, MAX_COOL_DOWN_MS);
    coolUntil = now() + coolDownMs;
    probing = false;
  }

  /** One HTTP request before the deadline (ms on the client's clock), unless a cool-down refuses it first. */
  /** Waits for one of the controller's request slots (at most MAX_IN_FLIGHT requests at once). */
  async function slot(): Promise<void> {
    if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
  }
  function release() {
    inFlight--;
    waiting.shift()?.();
  }

  async function send(method: string, path: string, body: unknown, deadline: number): Promise<Answer> {
    await slot();
    try {
      return await sendNow(method, path, body, deadline);
    } finally {
      release();
    }
  }

  async function sendNow(method: string, path: string, body: unknown, deadline: number): Promise<Answer> {
    let probe = false;
    if (coolDownMs > 0) {
      if (probing || now() < coolUntil) throw timedOut();
      probing = probe = true;
    }
    const left = deadline - now();
    if (left <= 0) {
      onTimeout(probe);
      throw timedOut();
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers['x-api-key'] = apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    let res: Dispatcher.ResponseData;
    let text: string;
    try {
      res = await httpRequest(`${base}${path}`, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(left),
        ...(dispatcher ? { dispatcher } : {}),
      });
      text = await res.body.text();
    } catch (err) {
      const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        onTimeout(probe);
        throw timedOut();
      }
      if (probe) probing = false;
      throw new ControllerError(
        'controllerUnreachable',
        base,
        String(e.cause?.code ?? e.code ?? e.cause?.message ?? e.message),
      );
    }
    coolDownMs = 0;
    probing = false;
    const setCookies = res.headers['set-cookie'];
    for (const raw of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair] = raw.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      if (pair?.startsWith('csrf_token=')) csrf = pair.slice('csrf_token='.length);
    }
    const header = headerOf(res.headers);
    const token = header('x-csrf-token') ?? header('x-updated-csrf-token');
    if (token) csrf = token;
    const status = res.statusCode;
    return { status, ok: status >= 200 && status < 300, header, text };
  }

  /** A request, sent again when the controller answers 429 or 503 (see the rule above). */
  async function request(method: string, path: string, body: unknown, deadline: number): Promise<Answer> {
    for (let retry = 0; ; retry++) {
      const res = await send(method, path, body, deadline);
      if (res.status !== 429 && res.status !== 503) return res;
      const wait = retryAfterMs(res.header('retry-after'), now()) ?? FIRST_BACKOFF_MS * 2 ** retry;
      if (retry >= MAX_RETRIES || now() + wait >= deadline) {
        throw new ControllerBusyError(base, Math.ceil(wait / 1000), res.status);
      }
      await sleep(wait);
    }
  }

  async function detect(deadline: number): Promise<Flavor> {
    if (!flavor) {
      const res = await request('GET', '/', undefined, deadline);
      flavor = res.status === 200 ? 'unifios' : 'classic';
    }
    return flavor;
  }

  /**
   * Logs in (one login at a time: callers meanwhile share it), before the deadline of the call that started it. With
   * an API key there is nothing to log in to: it only makes sure the controller is UniFi OS.
   */
  async function login(deadline = now() + timeoutMs): Promise<void> {
    loggingIn ??= (async () => {
      cookies.clear();
      csrf = undefined;
      const kind = await detect(deadline);
      if (apiKey) {
        if (kind !== 'unifios') throw new ControllerError('controllerLoginRefused', base, API_KEY_REFUSED);
        return;
      }
      const { username, password } = config;
      const res =
        kind === 'unifios'
          ? await request('POST', '/api/auth/login', { username, password, rememberMe: true }, deadline)
          : await request('POST', '/api/login', { username, password, remember: true }, deadline);
      if (!res.ok) {
        const answer = parseJson(res.text) as { code?: unknown; meta?: { msg?: unknown } } | undefined;
        const msg = typeof answer?.meta?.msg === 'string' ? answer.meta.msg : undefined;
        const code = typeof answer?.code === 'string' ? answer.code : undefined;
        // UniFi OS asks for the second factor with 499 MFA_AUTH_REQUIRED, a classic controller with
        // api.err.Ubic2faTokenRequired: the password alone will never do
        if (res.status === 499 || code === 'MFA_AUTH_REQUIRED' || (msg !== undefined && /2fa/i.test(msg))) {
          throw new ControllerError('controllerTwoFactor', base, code ?? msg ?? `HTTP ${res.status}`, 502, {});
        }
        throw new ControllerError('controllerLoginRefused', base, msg ?? `HTTP ${res.status}`);
      }
    })().finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  function networkPath(path: string): string {
    return flavor === 'unifios' ? `/proxy/network${path}` : path;
  }

  /** Whether a call must log in first: no session yet, or (API key) the controller's flavour not yet known. */
  const mustLogIn = () => (apiKey ? flavor !== 'unifios' : cookies.size === 0);

  /** A call counted and timed for /metrics, when the console watches (`observe`). */
  async function observed<R>(path: string, run: () => Promise<R>): Promise<R> {
    if (!config.observe) return run();
    const started = performance.now();
    let ok = false;
    try {
      const value = await run();
      ok = true;
      return value;
    } finally {
      config.observe(callKind(path), ok, (performance.now() - started) / 1000);
    }
  }

  /** One Network API call: the `data` of the envelope. */
  function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T[]> {
    return observed(path, () => callOnce<T>(method, path, body));
  }

  async function callOnce<T>(method: string, path: string, body?: unknown): Promise<T[]> {
    const deadline = now() + timeoutMs;
    if (mustLogIn()) await login(deadline);
    for (let attempt = 0; ; attempt++) {
      const res = await request(method, networkPath(path), body, deadline);
      const envelope = parseEnvelope(res.text);
      const expired = res.status === 401 || envelope?.meta?.msg === LOGIN_REQUIRED;
      if (expired && apiKey) throw new ControllerError('controllerLoginRefused', base, API_KEY_REFUSED);
      if (expired && attempt === 0) {
        await login(deadline);
        continue;
      }
      if (expired) throw new ControllerError('controllerLoginRefused', base, LOGIN_REQUIRED);
      if (!envelope) throw new ControllerError('controllerFailed', base, `HTTP ${res.status}, not JSON`);
      if (envelope.meta?.rc !== 'ok' || !res.ok) {
        const msg = envelope.meta?.msg ?? `HTTP ${res.status}`;
        const site = /^\/api\/s\/([^/]+)\//.exec(path)?.[1];
        if (msg === NO_SITE && site) throw new NotFoundError('siteNotOnController', { site: decodeURIComponent(site) });
        throw new ControllerError('controllerFailed', base, msg);
      }
      return (Array.isArray(envelope.data) ? envelope.data : []) as T[];
    }
  }

  /**
   * One call of the newer v2 API (`/v2/api/...`): its bare JSON answer, or undefined when the controller has no such
   * call (404: older than the call).
   */
  function v2(method: string, path: string, body?: unknown): Promise<unknown> {
    return observed(path, () => v2Once(method, path, body));
  }

  async function v2Once(method: string, path: string, body?: unknown): Promise<unknown> {
    const deadline = now() + timeoutMs;
    if (mustLogIn()) await login(deadline);
    for (let attempt = 0; ; attempt++) {
      const res = await request(method, networkPath(path), body, deadline);
      if (res.status === 401 && apiKey) throw new ControllerError('controllerLoginRefused', base, API_KEY_REFUSED);
      if (res.status === 401 && attempt === 0) {
        await login(deadline);
        continue;
      }
      if (res.status === 401) throw new ControllerError('controllerLoginRefused', base, LOGIN_REQUIRED);
      if (res.status === 404) return undefined;
      const json = parseJson(res.text);
      if (!res.ok || json === undefined) {
        const answer = json as { message?: unknown; meta?: { msg?: unknown } } | undefined;
        const msg = answer?.message ?? answer?.meta?.msg;
        const site = /^\/v2\/api\/site\/([^/]+)\//.exec(path)?.[1];
        if (msg === NO_SITE && site) throw new NotFoundError('siteNotOnController', { site: decodeURIComponent(site) });
        throw new ControllerError('controllerFailed', base, typeof msg === 'string' ? msg : `HTTP ${res.status}`);
      }
      return json;
    }
  }

  return {
    url: base,
    flavor: () => flavor,
    login: () => login(),
    call,
    v2,
    /** True when a session exists and the controller accepts it (logs in when needed). */
    async check(): Promise<{ ok: true; flavor: Flavor }> {
      await call('GET', '/api/self/sites');
      return { ok: true, flavor: flavor ?? 'classic' };
    },
    async close() {
      await dispatcher?.close();
    },
  };
}

/** The wait a `Retry-After` asks for (ms), in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseEnvelope(text: string): Envelope | undefined {
  const json = parseJson(text);
  return json && typeof json === 'object' ? (json as Envelope) : undefined;
}

export type UnifiClient = ReturnType<typeof createUnifiClient>;
