import { Agent, type Dispatcher } from 'undici';
import { NotFoundError } from '../../lib/errors.ts';
import { ControllerError, ControllerTimeoutError } from './unifi.errors.ts';

export type ControllerConfig = {
  /** https://host:8443 (classic) or https://host (UniFi OS) */
  url: string;
  username: string;
  password: string;
  /** TLS certificate verification; off only when the deployment says so (self-signed controllers). */
  verifyTls: boolean;
  timeoutMs?: number;
};

export type Flavor = 'classic' | 'unifios';

type Envelope = { meta?: { rc?: string; msg?: string }; data?: unknown };

const LOGIN_REQUIRED = 'api.err.LoginRequired';
const NO_SITE = 'api.err.NoSiteContext';

/**
 * A thin client of a UniFi Network controller over fetch: detects classic or UniFi OS, logs in, keeps the session
 * cookie and CSRF token, unwraps the `meta.rc` envelope, logs in again once when the session has expired, and
 * puts a timeout on every call.
 */
export function createUnifiClient(config: ControllerConfig) {
  const base = config.url.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const dispatcher: Dispatcher | undefined = config.verifyTls
    ? undefined
    : new Agent({ connect: { rejectUnauthorized: false } });
  const cookies = new Map<string, string>();
  let csrf: string | undefined;
  let flavor: Flavor | undefined;
  let loggingIn: Promise<void> | undefined;

  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        // undici's own option; Node's fetch passes it on
        ...(dispatcher ? { dispatcher } : {}),
      } as RequestInit);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        throw new ControllerTimeoutError(base, Math.round(timeoutMs / 1000));
      }
      throw new ControllerError('controllerUnreachable', base, String(e.cause?.code ?? e.cause?.message ?? e.message));
    }
    for (const raw of res.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      if (pair?.startsWith('csrf_token=')) csrf = pair.slice('csrf_token='.length);
    }
    const token = res.headers.get('x-csrf-token') ?? res.headers.get('x-updated-csrf-token');
    if (token) csrf = token;
    return res;
  }

  async function detect(): Promise<Flavor> {
    if (!flavor) {
      const res = await send('GET', '/');
      await res.body?.cancel();
      flavor = res.status === 200 ? 'unifios' : 'classic';
    }
    return flavor;
  }

  async function login(): Promise<void> {
    loggingIn ??= (async () => {
      cookies.clear();
      csrf = undefined;
      const kind = await detect();
      const res =
        kind === 'unifios'
          ? await send('POST', '/api/auth/login', {
              username: config.username,
              password: config.password,
              rememberMe: true,
            })
          : await send('POST', '/api/login', { username: config.username, password: config.password, remember: true });
      const text = await res.text();
      if (!res.ok) {
        const msg = parseEnvelope(text)?.meta?.msg;
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

  /** One Network API call: the `data` of the envelope. */
  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T[]> {
    if (cookies.size === 0) await login();
    for (let attempt = 0; ; attempt++) {
      const res = await send(method, networkPath(path), body);
      const text = await res.text();
      const envelope = parseEnvelope(text);
      const expired = res.status === 401 || envelope?.meta?.msg === LOGIN_REQUIRED;
      if (expired && attempt === 0) {
        await login();
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

  return {
    url: base,
    flavor: () => flavor,
    login,
    call,
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

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const json = JSON.parse(text);
    return json && typeof json === 'object' ? (json as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

export type UnifiClient = ReturnType<typeof createUnifiClient>;
