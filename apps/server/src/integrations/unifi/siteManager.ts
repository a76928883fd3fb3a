/**
 * Ubiquiti's Site Manager (api.ui.com): the consoles an account's key reaches, for an administrator to add them as
 * controllers read through its connector (`…/v1/connector/consoles/<host id>`, see unifi.client.ts).
 *
 * As developer.ui.com/site-manager/v1.0.0 gives it (listhosts, responseformat, gettingstarted): `GET /v1/hosts` with
 * `X-API-Key`, paged by `pageSize` and `nextToken` (empty or absent on the last page); a host is `{ id, type,
 * reportedState: { hostname, name, state, … } | null, … }` (examples: lexfrei/go-unifi
 * `api/sitemanager/testdata/hosts/`); an error is `{ code, httpStatusCode, message, traceId }`; past the rate limit
 * a 429 with `Retry-After` (seconds). The connector reaches UniFi OS consoles (firmware 5.0.3 or later): hosts of
 * type `console`; the others (a self-hosted `network-server`, a `ucore`) are not listed.
 */
import { request as httpRequest } from 'undici';
import { ControllerError } from './unifi.errors.ts';

export const SITE_MANAGER_URL = 'https://api.ui.com';
const PAGE_SIZE = 100;
/** an account of an operator has tens of consoles; past this many pages the answer is not a list that ends */
const MAX_PAGES = 50;

/** A console of the account, as the Controllers card offers it. */
export type CloudConsole = { id: string; name: string; connected: boolean; url: string };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The consoles `apiKey` reaches through Site Manager at `url`, every page; Site Manager's refusals as errors. */
export async function siteManagerConsoles(
  url: string,
  apiKey: string,
  opts: { timeoutMs?: number } = {},
): Promise<CloudConsole[]> {
  const base = url.trim().replace(/\/+$/, '');
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  const out: CloudConsole[] = [];
  let token = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE), ...(token ? { nextToken: token } : {}) });
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let body: string;
    try {
      const res = await httpRequest(`${base}/v1/hosts?${query}`, {
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      status = res.statusCode;
      headers = res.headers;
      body = await res.body.text();
    } catch (err) {
      const e = err as Error & { code?: string; cause?: { code?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        throw new ControllerError('siteManagerUnreachable', base, 'timeout');
      }
      throw new ControllerError('siteManagerUnreachable', base, String(e.cause?.code ?? e.code ?? e.message));
    }
    let json: { data?: unknown; nextToken?: unknown; code?: unknown; message?: unknown } | undefined;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    const reason = text(json?.code) ?? `HTTP ${status}`;
    if (status === 401 || status === 403) throw new ControllerError('siteManagerKeyRefused', base, reason);
    if (status === 429) {
      const seconds = Math.max(1, Math.ceil(Number(headers['retry-after']) || 60));
      throw new ControllerError('siteManagerBusy', base, reason, 503, { seconds });
    }
    if (status !== 200 || !Array.isArray(json?.data)) {
      throw new ControllerError('siteManagerUnreachable', base, reason);
    }
    for (const host of json.data as Record<string, unknown>[]) {
      const id = text(host?.id);
      if (!id || host.type !== 'console' || id.length > 200) continue;
      const state = (host.reportedState ?? {}) as Record<string, unknown>;
      out.push({
        id,
        name: (text(state.name) ?? text(state.hostname) ?? id).slice(0, 100),
        connected: state.state === undefined || state.state === 'connected',
        url: `${base}/v1/connector/consoles/${encodeURIComponent(id).replace(/%3A/gi, ':')}`,
      });
    }
    token = text(json.nextToken) ?? '';
    if (!token) break;
  }
  return out;
}
