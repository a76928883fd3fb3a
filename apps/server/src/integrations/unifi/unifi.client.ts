import { TLSSocket } from 'node:tls';
import { CONNECTOR_URL } from '@it4u/shared';
import { Agent, buildConnector, type Dispatcher, request as httpRequest } from 'undici';
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
  /** classic or UniFi OS when the administrator said so; found out at each login until one works otherwise */
  flavor?: Flavor;
  /** TLS certificate verification; off only when the deployment says so (self-signed controllers). */
  verifyTls: boolean;
  /**
   * The SHA-256 fingerprint (`AB:CD:…`) of the one certificate to accept, whoever signed it (a console's self-signed
   * certificate, trusted by an administrator as the terminal trusts a host key): any other is refused before a byte
   * is sent, `verifyTls` aside.
   */
  tlsFingerprint?: string;
  /** authorities to trust beside the system's (PEM): an operator's own */
  ca?: string;
  /** the deadline of one call, its login and its retries included (default 10 s) */
  timeoutMs?: number;
  /** the deadline of a read that is slow at size (`SLOW_READ`: default 2 minutes, never less than `timeoutMs`) */
  slowTimeoutMs?: number;
  /** the clock of the retry waits, deadlines and cool-downs (default Date.now; tests give their own) */
  now?: () => number;
  /** waits before a retry (default setTimeout; tests give their own) */
  sleep?: (ms: number) => Promise<void>;
  /** the signal that ends a request to `path` once the time left of its call (ms) has passed (default a timer) */
  deadline?: (ms: number, path: string) => AbortSignal;
  /** each call's kind, outcome and time (s), for /metrics */
  observe?: (kind: string, ok: boolean, seconds: number) => void;
  /** the logins of the console's other instances to this controller (one database): see `LoginGate` */
  logins?: LoginGate;
};

/**
 * The logins to one controller shared by the console's instances: one at a time across them all (each instance has
 * its own session), and a lock the controller put on the account, met by one, kept by all until it ends (UniFi OS
 * counts the logins of every instance towards its five a minute, and a login sent while locked may prolong it).
 */
export type LoginGate = {
  /** how long a lock another instance met still lasts (ms; 0 when none) */
  lockLeft(): Promise<number>;
  /** a lock met here, for the others: no login for `ms` */
  locked(ms: number): Promise<void>;
  /** runs a login while no other instance runs one to this controller, waiting its turn at most `waitMs` */
  exclusive<T>(waitMs: number, login: () => Promise<T>): Promise<T>;
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
const NO_PERMISSION = 'api.err.NoPermission';
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
/**
 * Reads slow at size, with a deadline of their own and two request slots of their own: a controller of 2,000 sites
 * takes 30 s or more for the health of all its sites (`stat/sites`), and minutes for some reports; meanwhile the other
 * calls, writes included, keep their slots and their own deadline.
 */
const SLOW_READ = /^\/api\/stat\/sites$|\/stat\/report\//;
const SLOW_IN_FLIGHT = 2;
const SLOW_TIMEOUT_MS = 120_000;
/** The official API's pages: the most it gives at once (sites, devices, clients), and how far a list is read. */
const OFFICIAL_PAGE = 200;
const MAX_OFFICIAL_ITEMS = 100_000;
/** The first cool-down after a timeout, and the longest. */
const FIRST_COOL_DOWN_MS = 5_000;
const MAX_COOL_DOWN_MS = 60_000;
/**
 * How long no login is tried after the controller refused one for too many (UniFi OS locks the account for a minute
 * or two after about five logins a minute, and says no Retry-After), unless it says how long.
 */
const LOGIN_LOCK_WAIT_MS = 120_000;
/** A session is renewed this long before it ends (at most a tenth of its life), not after a storm of 401s. */
const RENEW_BEFORE_MS = 60_000;
/** The wait asked of callers while a console is starting (502/503 on its first page) and says no Retry-After. */
const STARTING_WAIT_S = 10;

/** An answer of Site Manager itself, not of the console behind it: `{ code, httpStatusCode, message, traceId }`. */
const fromCloud = (res: Answer) => {
  const json = parseJson(res.text) as { httpStatusCode?: unknown; traceId?: unknown } | undefined;
  return typeof json?.httpStatusCode === 'number' && typeof json.traceId === 'string';
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A thin client of a UniFi Network controller over undici's request (a third of fetch's work for each call: the guest
 * login makes three): detects classic or UniFi OS, logs in, keeps the session
 * cookie and CSRF token, unwraps the `meta.rc` envelope, logs in again once when the session has expired, and
 * puts a deadline on every call (`timeoutMs`, its login and retries included).
 *
 * **The flavour** is guessed from `GET /` at each login until a login works: 200 is UniFi OS (as Kane610/aiounifi's
 * `check_unifi_os` and Art-of-WiFi's `login()` take it), a redirect to `/manage` is a classic controller (unpoller/unifi
 * `checkNewStyleAPI`), another redirect is a newer UniFi OS (its `/login` page); a console that answers 429 or 5xx is
 * starting, and the call fails with `controllerBusy` without a guess kept. When the guessed login path is not one there
 * (404, or a classic controller's `api.err.LoginRequired`), the other is tried once. Only a login that worked (or an API key's first answer) settles the flavour.
 *
 * **Logins** are one at a time (callers share the one under way) and never looped: a session is renewed shortly before
 * it ends (the JWT's `exp` of UniFi OS's `TOKEN` cookie, or `X-Token-Expire-Time`), and a 401 starts a login only
 * when no other login happened since the refused request was sent. A refused login is remembered: wrong password,
 * two-factor account or refused API key, no more logins until the settings change (a new client); too many logins
 * (429, or a 2xx that opened no session), none for 2 minutes (or the controller's `Retry-After`), each call meanwhile
 * failing at once with `controllerLoginThrottled` and the seconds left. When `X-CSRF-Token` and
 * `X-Updated-CSRF-Token` both come back, the updated one is kept (unpoller/unifi's `Login` reads it last).
 *
 * With an API key (`apiKey`) it never logs in: each request carries the key, and a refusal (401) fails the call at
 * once with `controllerLoginRefused`, as another try with the same key would meet the same answer. It still asks
 * `GET /` once, as for a login, so that a classic controller (which has no API keys) is told apart and refused
 * without the key being sent to paths it does not have. An account with two-factor sign-in cannot log in with its
 * password alone: the controller asks for a code, and the call fails with `controllerTwoFactor`.
 *
 * **Through Site Manager** (a URL ending in `/v1/connector/consoles/<host id>`, Ubiquiti's cloud connector for
 * consoles behind NAT, developer.ui.com/network/v10.1.68/connectorget): the console is UniFi OS, the key is the
 * account's Site Manager key, and nothing is probed. The connector carries `<path>` to the console's `/proxy/<path>`;
 * Ubiquiti's pages spell its paths both `proxy/network/…` (each endpoint's example) and `network/…` (the connector's
 * own): the first is sent first, and a 404 of the cloud itself (`{ code, httpStatusCode, traceId }`) to the first
 * call tries the other, kept for good once one is answered. The cloud's rate limit answers 429 with a `Retry-After`,
 * honoured as a busy controller's.
 *
 * It sends one controller at most 16 requests at once (the others wait their turn within their deadline), and it
 * does not hammer a controller in trouble:
 * - **429 or 503** (busy): a read (GET, PUT, DELETE, or a POST to a `stat/` or `get/` path) is sent again after the
 *   controller's `Retry-After` (seconds or an HTTP date), else after 1 s then 2 s; at most 2 retries, and never a wait
 *   that ends past the call's deadline. Still refused: `controllerBusy` (503, `seconds` = the wait the controller asked
 *   for next). Any other POST is a write that may have been applied behind a proxy that gave up: never sent again,
 *   it fails with `controllerBusy` at once, and its caller reads back what it made (`createVouchers`).
 * - **Timeouts**: a request that times out opens a cool-down of 5 s for its kind of call (method and path, its site,
 *   ids and MACs aside); until it ends, new requests of that kind fail at once with the same `controllerTimeout` (504)
 *   without opening a connection, while other kinds go on. After it, one request of the kind goes through as a probe
 *   (the others still fail fast while it runs): if the probe times out too, the next cool-down is twice as long (up to
 *   60 s); any answer to the kind, whatever its status, ends its cool-down and starts over at 5 s.
 */
export function createUnifiClient(config: ControllerConfig) {
  const base = config.url.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const slowTimeoutMs = Math.max(timeoutMs, config.slowTimeoutMs ?? SLOW_TIMEOUT_MS);
  /** a call's deadline from now, and the kind of slot it takes */
  const isSlow = (path: string) => SLOW_READ.test(path.replace(/^\/proxy\/network(?=\/)/, ''));
  const limitOf = (path: string) => (isSlow(path) ? slowTimeoutMs : timeoutMs);
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? defaultSleep;
  const deadlineSignal = config.deadline ?? ((ms: number) => AbortSignal.timeout(ms));
  const apiKey = config.apiKey?.trim() || undefined;
  const dispatcher: Dispatcher | undefined = base.startsWith('https:')
    ? new Agent({ connect: tlsCheck(config) })
    : undefined;
  const cookies = new Map<string, string>();
  let csrf: string | undefined;
  /** a console behind Site Manager's connector: the spelling of its paths (bare: without `/proxy`), once settled */
  let connector = CONNECTOR_URL.test(base) ? { bare: false, settled: false } : undefined;
  /** the flavour: the administrator's, or the one a login (or an API key's answer) proved */
  let flavor: Flavor | undefined = connector ? 'unifios' : config.flavor;
  let loggingIn: Promise<void> | undefined;
  /** logins that worked so far (a 401 to a request sent before the last one needs no other), and when to renew */
  let logins = 0;
  let renewAt = Number.POSITIVE_INFINITY;
  /** the controller's clock less ours (ms), from the Date of its last answer */
  let skewMs = 0;
  /** a refused login remembered: the error each call meets at once until then (Infinity: until the settings change) */
  let refusal: { until: number; error: () => Error; lock: boolean } | undefined;
  /**
   * The cool-downs after timeouts, one per kind of call (its path with site, ids and MACs replaced): its length,
   * when it ends, and whether its probe is under way. A kind that is slow at size (`stat/sites` of 2,000 sites) cools
   * down alone: the other calls go on.
   */
  const coolDowns = new Map<string, { ms: number; until: number; probing: boolean }>();
  /** requests under way, and those waiting for a slot: the slow reads' own, and the others' */
  const slots = {
    slow: { inFlight: 0, max: SLOW_IN_FLIGHT, waiting: [] as (() => void)[] },
    other: { inFlight: 0, max: MAX_IN_FLIGHT, waiting: [] as (() => void)[] },
  };

  const timedOut = (path: string) => new ControllerTimeoutError(base, Math.ceil(limitOf(path) / 1000));

  /**
   * A request of a kind timed out: the first (or the probe's) opens the kind's next cool-down; those sent before it
   * opened do not.
   */
  function onTimeout(kind: string, probe: boolean) {
    const cool = coolDowns.get(kind);
    if (cool && !probe) return;
    const ms = cool ? Math.min(cool.ms * 2, MAX_COOL_DOWN_MS) : FIRST_COOL_DOWN_MS;
    coolDowns.set(kind, { ms, until: now() + ms, probing: false });
  }

  /** One HTTP request before the deadline (ms on the client's clock) in one of the controller's request slots. */
  async function send(method: string, path: string, body: unknown, deadline: number): Promise<Answer> {
    const pool = isSlow(path) ? slots.slow : slots.other;
    if (pool.inFlight >= pool.max) await new Promise<void>((resolve) => pool.waiting.push(resolve));
    pool.inFlight++;
    try {
      return await sendNow(method, path, body, deadline);
    } finally {
      pool.inFlight--;
      pool.waiting.shift()?.();
    }
  }

  /** One HTTP request before the deadline, unless a cool-down refuses it first. */
  async function sendNow(method: string, path: string, body: unknown, deadline: number): Promise<Answer> {
    const kind = `${method} ${callKind(path.replace(/^\/proxy\/network(?=\/)/, ''))}`;
    const cool = coolDowns.get(kind);
    let probe = false;
    if (cool) {
      if (cool.probing || now() < cool.until) throw timedOut(path);
      cool.probing = probe = true;
    }
    const left = deadline - now();
    if (left <= 0) {
      onTimeout(kind, probe);
      throw timedOut(path);
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
        signal: deadlineSignal(left, path),
        ...(dispatcher ? { dispatcher } : {}),
      });
      text = await res.body.text();
    } catch (err) {
      const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        onTimeout(kind, probe);
        throw timedOut(path);
      }
      if (cool && probe) cool.probing = false;
      if (err instanceof CertificateRefused) throw err.toControllerError(base);
      throw new ControllerError(
        'controllerUnreachable',
        base,
        String(e.cause?.code ?? e.code ?? e.cause?.message ?? e.message),
      );
    }
    coolDowns.delete(kind);
    const setCookies = res.headers['set-cookie'];
    for (const raw of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair] = raw.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      if (pair?.startsWith('csrf_token=')) csrf = pair.slice('csrf_token='.length);
    }
    const header = headerOf(res.headers);
    const date = Date.parse(header('date') ?? '');
    if (!Number.isNaN(date)) skewMs = date - now();
    const token = header('x-updated-csrf-token') ?? header('x-csrf-token');
    if (token) csrf = token;
    const status = res.statusCode;
    return { status, ok: status >= 200 && status < 300, header, text };
  }

  /**
   * A request; through Site Manager's connector, at the spelling of its paths that answers (see above): until one
   * is settled, a 404 of the cloud itself sends it once more at the other.
   */
  async function request(
    method: string,
    path: string,
    body: unknown,
    deadline: number,
    retries = MAX_RETRIES,
  ): Promise<Answer> {
    if (!connector) return requestAt(method, path, body, deadline, retries);
    const at = (bare: boolean) => (bare ? path.replace(/^\/proxy(?=\/)/, '') : path);
    const res = offline(await requestAt(method, at(connector.bare), body, deadline, retries));
    if (connector.settled) return res;
    if (!(res.status === 404 && fromCloud(res))) {
      connector.settled = true;
      return res;
    }
    const other = offline(await requestAt(method, at(!connector.bare), body, deadline, retries));
    if (!(other.status === 404 && fromCloud(other))) connector = { bare: !connector.bare, settled: true };
    return other;
  }

  /** Site Manager's own 502 or 408: the console behind it is not connected to the cloud now. */
  function offline(res: Answer): Answer {
    if ((res.status === 502 || res.status === 408) && fromCloud(res)) {
      const code = (parseJson(res.text) as { code?: unknown }).code;
      throw new ControllerError('controllerUnreachable', base, `Site Manager: ${String(code ?? res.status)}`);
    }
    return res;
  }

  /**
   * A request, sent again (`retries` times at most) when the controller answers 429 or 503 and the call is a read (see
   * the rule above).
   */
  async function requestAt(
    method: string,
    path: string,
    body: unknown,
    deadline: number,
    retries: number,
  ): Promise<Answer> {
    const read = method !== 'POST' || /\/(stat|get)\//.test(path);
    for (let retry = 0; ; retry++) {
      const res = await send(method, path, body, deadline);
      if (res.status !== 429 && res.status !== 503) return res;
      const wait = retryAfterMs(res.header('retry-after'), now()) ?? FIRST_BACKOFF_MS * 2 ** retry;
      if (!read || retry >= retries || now() + wait >= deadline) {
        throw new ControllerBusyError(base, Math.ceil(wait / 1000), res.status);
      }
      await sleep(wait);
    }
  }

  /** The flavour: the one known, else a guess from `GET /` (see above); a starting console fails the call. */
  async function guessFlavor(deadline: number): Promise<Flavor> {
    if (flavor) return flavor;
    const res = await request('GET', '/', undefined, deadline);
    if (res.status === 200) return 'unifios';
    if (res.status >= 300 && res.status < 400) {
      return /^(?:https?:\/\/[^/]*)?\/manage/.test(res.header('location') ?? '') ? 'classic' : 'unifios';
    }
    if (res.status === 429 || res.status >= 500) {
      const wait = retryAfterMs(res.header('retry-after'), now());
      throw new ControllerBusyError(base, wait === undefined ? STARTING_WAIT_S : Math.ceil(wait / 1000), res.status);
    }
    return 'classic';
  }

  /** A refused login, remembered for `forMs` (and whether it is a lock): every call meets its error at once until then. */
  function refuse(error: () => Error, forMs: number, lock = false): Error {
    refusal = { until: now() + forMs, error, lock };
    return error();
  }

  /** Fails the call at once while a refused login is remembered. */
  function checkRefusal() {
    if (refusal && now() < refusal.until) throw refusal.error();
  }

  const throttled = (until: number) => () =>
    new ControllerError('controllerLoginThrottled', base, 'login limit', 503, {
      seconds: Math.max(1, Math.ceil((until - now()) / 1000)),
    });

  /**
   * When a session begun now ends, on the controller's clock: `X-Token-Expire-Time` (s or ms), else the `exp` of the
   * `TOKEN` JWT.
   */
  function sessionEnd(res: Answer): number | undefined {
    const header = Number(res.header('x-token-expire-time'));
    if (Number.isFinite(header) && header > 0) return header < 1e11 ? header * 1000 : header;
    const payload = cookies.get('TOKEN')?.split('.')[1];
    if (!payload) return undefined;
    const exp = (parseJson(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown } | undefined)?.exp;
    return typeof exp === 'number' && exp > 0 ? exp * 1000 : undefined;
  }

  /** One login's request, at a flavour's path (never sent again: a login refused is a login counted). */
  function loginAt(kind: Flavor, deadline: number): Promise<Answer> {
    const { username, password } = config;
    return kind === 'unifios'
      ? send('POST', '/api/auth/login', { username, password, rememberMe: true }, deadline)
      : send('POST', '/api/login', { username, password, remember: true }, deadline);
  }

  /**
   * Logs in (one login at a time: callers meanwhile share it), before the deadline of the call that started it;
   * `after`: the logins counted when the refused request was sent (none needed when one happened since). With an API
   * key there is nothing to log in to: it only makes sure the controller is UniFi OS.
   */
  async function login(deadline = now() + timeoutMs, after?: number): Promise<void> {
    if (after !== undefined && logins !== after) return;
    checkRefusal();
    loggingIn ??= (async () => {
      cookies.clear();
      csrf = undefined;
      renewAt = Number.POSITIVE_INFINITY;
      let kind = await guessFlavor(deadline);
      if (apiKey) {
        if (kind !== 'unifios') throw keyRefused();
        flavor = kind;
        logins++;
        return;
      }
      const gate = config.logins;
      const sent = async () => {
        // a lock another instance met (maybe the one whose login this waited for) stands here too: none is sent into it
        const left = (await gate?.lockLeft()) ?? 0;
        if (left > 0) throw refuse(throttled(now() + left), left, true);
        let answer = await loginAt(kind, deadline);
        // not a login path there: 404, or a classic controller's "log in first" to UniFi OS's login path
        if ((answer.status === 404 || parseEnvelope(answer.text)?.meta?.msg === LOGIN_REQUIRED) && !flavor) {
          kind = kind === 'unifios' ? 'classic' : 'unifios';
          answer = await loginAt(kind, deadline);
        }
        return answer;
      };
      const res = gate ? await gate.exclusive(deadline - now(), sent) : await sent();
      const lockFor = async (ms: number) => {
        await gate?.locked(ms).catch(() => {});
        const until = now() + ms;
        return refuse(throttled(until), ms, true);
      };
      if (res.status === 429) throw await lockFor(retryAfterMs(res.header('retry-after'), now()) ?? LOGIN_LOCK_WAIT_MS);
      if (res.status === 502 || res.status === 503) throw new ControllerBusyError(base, STARTING_WAIT_S, res.status);
      if (!res.ok) {
        const answer = parseJson(res.text) as { code?: unknown; meta?: { msg?: unknown } } | undefined;
        const msg = typeof answer?.meta?.msg === 'string' ? answer.meta.msg : undefined;
        const code = typeof answer?.code === 'string' ? answer.code : undefined;
        // UniFi OS asks for the second factor with 499 MFA_AUTH_REQUIRED, a classic controller with
        // api.err.Ubic2faTokenRequired: the password alone will never do
        const reason = code ?? msg ?? `HTTP ${res.status}`;
        if (res.status === 499 || code === 'MFA_AUTH_REQUIRED' || (msg !== undefined && /2fa/i.test(msg))) {
          throw refuse(
            () => new ControllerError('controllerTwoFactor', base, reason, 502, {}),
            Number.POSITIVE_INFINITY,
          );
        }
        throw refuse(() => new ControllerError('controllerLoginRefused', base, reason), Number.POSITIVE_INFINITY);
      }
      // a login answered 2xx without a session: a locked account's answer on some consoles
      if (cookies.size === 0) throw await lockFor(LOGIN_LOCK_WAIT_MS);
      flavor = kind;
      logins++;
      // its end is on the controller's clock: what is left of it, on ours
      const end = sessionEnd(res);
      if (end !== undefined) {
        const left = Math.max(0, end - (now() + skewMs));
        renewAt = now() + left - Math.min(RENEW_BEFORE_MS, left / 10);
      }
    })().finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  function networkPath(path: string): string {
    return flavor === 'unifios' ? `/proxy/network${path}` : path;
  }

  /**
   * Whether a call must log in first: no session yet, or one about to end; with an API key, the controller's flavour
   * not yet proved.
   */
  const mustLogIn = () => (apiKey ? flavor !== 'unifios' : cookies.size === 0 || now() >= renewAt);

  /**
   * A call refused for the account's rights, told apart from a wrong password: the Network application's
   * `api.err.NoPermission` (a read-only account writing; aiounifi's `NoPermission`), or UniFi OS's own 403
   * `{"error":{"code":403}}` (an account without the Network application). A refused CSRF token is not one.
   */
  function refusedForRights(res: Answer, msg: unknown) {
    if (res.status !== 403 && msg !== NO_PERMISSION) return;
    const answer = parseJson(res.text) as { error?: { code?: unknown }; statusCode?: unknown } | undefined;
    // UniFi OS's own refusal, or the official API's (`{ statusCode: 403, … }`)
    const own = answer?.error?.code === 403 || answer?.statusCode === 403;
    if (msg === NO_PERMISSION || own) {
      throw new ControllerError('controllerNoPermission', base, msg === NO_PERMISSION ? NO_PERMISSION : 'HTTP 403');
    }
  }

  /** An API key refused: remembered until the settings change (another try would meet the same answer). */
  function keyRefused(): Error {
    return refuse(() => new ControllerError('controllerLoginRefused', base, API_KEY_REFUSED), Number.POSITIVE_INFINITY);
  }

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
  function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    /** `busyRetries`: how often a read the controller answers busy (429, 503) is sent again (2; 0: a caller with a kept answer to give instead) */
    opts: { busyRetries?: number } = {},
  ): Promise<T[]> {
    return observed(path, () => callOnce<T>(method, path, body, opts.busyRetries ?? MAX_RETRIES));
  }

  async function callOnce<T>(method: string, path: string, body: unknown, retries: number): Promise<T[]> {
    const deadline = now() + limitOf(path);
    checkRefusal();
    if (mustLogIn()) await login(deadline);
    for (let attempt = 0; ; attempt++) {
      const sentAfter = logins;
      const res = await request(method, networkPath(path), body, deadline, retries);
      const envelope = parseEnvelope(res.text);
      const expired = res.status === 401 || envelope?.meta?.msg === LOGIN_REQUIRED;
      if (expired && apiKey) throw keyRefused();
      if (expired && attempt === 0) {
        await login(deadline, sentAfter);
        continue;
      }
      if (expired) throw new ControllerError('controllerLoginRefused', base, LOGIN_REQUIRED);
      refusedForRights(res, envelope?.meta?.msg);
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
    const deadline = now() + limitOf(path);
    checkRefusal();
    if (mustLogIn()) await login(deadline);
    for (let attempt = 0; ; attempt++) {
      const sentAfter = logins;
      const res = await request(method, networkPath(path), body, deadline);
      if (res.status === 401 && apiKey) throw keyRefused();
      if (res.status === 401 && attempt === 0) {
        await login(deadline, sentAfter);
        continue;
      }
      if (res.status === 401) throw new ControllerError('controllerLoginRefused', base, LOGIN_REQUIRED);
      if (res.status === 404) return undefined;
      refusedForRights(res, (parseJson(res.text) as { meta?: { msg?: unknown } } | undefined)?.meta?.msg);
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

  /**
   * One call of UniFi Network's official API (UniFi OS with an API key: `/proxy/network/integration` + `path`), its
   * JSON answer; undefined when the console has no such API (its own 404: Network before 9). A refused key is refused
   * for good, as on the classic paths; the API's own errors (`{ statusCode, statusName, code, message }`) fail the
   * call, their `code` its `controllerMsg` (`api.hotspot.voucher.not-found`). A POST is sent once (see
   * `requestAt`): one that went unanswered may have been applied.
   */
  function official(path: string, method = 'GET', body?: unknown): Promise<unknown> {
    return observed(path, async () => {
      const deadline = now() + limitOf(path);
      checkRefusal();
      if (!apiKey) return undefined;
      if (mustLogIn()) await login(deadline);
      const res = await request(method, `/proxy/network/integration${path}`, body, deadline);
      const json = parseJson(res.text) as { statusName?: unknown; message?: unknown; code?: unknown } | undefined;
      if (res.status === 401) throw keyRefused();
      refusedForRights(res, undefined);
      if (res.status === 404 && typeof json?.statusName !== 'string') return undefined;
      if (!res.ok || json === undefined) {
        const reason =
          typeof json?.code === 'string' ? json.code : typeof json?.message === 'string' ? json.message : '';
        throw new ControllerError('controllerFailed', base, reason || `HTTP ${res.status}`);
      }
      return json;
    });
  }

  /**
   * Every item of a paged list of the official API, `pageSize` at a time (200, the most of sites, devices and clients;
   * vouchers take 1,000): `{ offset, limit, count, totalCount, data }` a page; undefined when the console has no such
   * API.
   */
  async function officialList<T>(path: string, pageSize = OFFICIAL_PAGE): Promise<T[] | undefined> {
    const all: T[] = [];
    for (let offset = 0; offset < MAX_OFFICIAL_ITEMS; ) {
      const sep = path.includes('?') ? '&' : '?';
      const page = (await official(`${path}${sep}offset=${offset}&limit=${pageSize}`)) as
        | { data?: unknown; count?: unknown; totalCount?: unknown }
        | undefined;
      if (page === undefined) return offset === 0 ? undefined : all;
      const data = Array.isArray(page.data) ? (page.data as T[]) : [];
      all.push(...data);
      offset += data.length;
      const total = typeof page.totalCount === 'number' ? page.totalCount : offset;
      if (data.length === 0 || offset >= total) break;
    }
    return all;
  }

  /**
   * How many sites the controller has: one page of one site of the official API with a key where the console has
   * it (its `totalCount`), else `self/sites`.
   */
  async function siteCount(): Promise<number> {
    const page = (await official('/v1/sites?offset=0&limit=1')) as { totalCount?: unknown } | undefined;
    if (typeof page?.totalCount === 'number') return page.totalCount;
    return (await call('GET', '/api/self/sites')).length;
  }

  return {
    url: base,
    flavor: () => flavor,
    /** whether it signs in with an API key (and may read the official API) */
    usesKey: () => apiKey !== undefined,
    official,
    officialList,
    /** The controller's time now (ms), by the Date of its last answer (to the second); ours before any answer. */
    controllerNow: () => now() + skewMs,
    login: () => login(),
    call,
    v2,
    siteCount,
    /** True when a session exists and the controller accepts it (logs in when needed): its sites counted. */
    async check(): Promise<{ ok: true; flavor: Flavor }> {
      await siteCount();
      return { ok: true, flavor: flavor ?? 'classic' };
    },
    /** Forgets a refused login (an administrator checks again), not a lock the controller is still holding. */
    forgetRefusal() {
      if (refusal && !refusal.lock) refusal = undefined;
    },
    async close() {
      await dispatcher?.close();
    },
  };
}

/** A controller's certificate refused before anything was sent: not trusted, or not the one an administrator pinned. */
class CertificateRefused extends Error {
  constructor(
    readonly fingerprint: string,
    readonly pinned: string | undefined,
    readonly reason: string,
  ) {
    super(`certificate refused (${reason})`);
  }
  toControllerError(controller: string): ControllerError {
    return this.pinned
      ? new ControllerError('controllerCertificateChanged', controller, this.reason, 502, {
          fingerprint: this.fingerprint,
          pinned: this.pinned,
        })
      : new ControllerError('controllerCertificateUntrusted', controller, this.reason, 502, {
          fingerprint: this.fingerprint,
          reason: this.reason,
        });
  }
}

/**
 * The TLS check of a controller's connections: the chain is verified by the connector only after the handshake, so
 * that a refused certificate can be named by its fingerprint (for an administrator to compare and trust). Pinned
 * (`tlsFingerprint`): that certificate and no other. Else verified (`verifyTls`: the system's authorities and `ca`,
 * and the host name), or not checked at all.
 */
function tlsCheck(config: ControllerConfig): buildConnector.connector {
  const pinned = config.tlsFingerprint?.trim().toUpperCase() || undefined;
  // no session resumed: a resumed session shows no certificate to check (connections are kept alive anyway)
  const connect = buildConnector({
    rejectUnauthorized: false,
    maxCachedSessions: 0,
    ...(config.ca ? { ca: config.ca } : {}),
  });
  return (options, callback) =>
    connect(options, (...args) => {
      const [err, socket] = args;
      if (err || !(socket instanceof TLSSocket)) {
        callback(...args);
        return;
      }
      const fingerprint = socket.getPeerCertificate().fingerprint256 ?? '';
      const reason = String(socket.authorizationError ?? '');
      const refused = pinned
        ? fingerprint !== pinned
          ? new CertificateRefused(fingerprint, pinned, 'another certificate')
          : undefined
        : config.verifyTls && !socket.authorized
          ? new CertificateRefused(fingerprint, undefined, reason || 'not trusted')
          : undefined;
      if (!refused) {
        callback(null, socket);
        return;
      }
      socket.destroy();
      callback(refused, null);
    });
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
