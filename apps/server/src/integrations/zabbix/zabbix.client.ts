import { type ApiErrorCode, apiErrorText, type ErrorParams } from '@it4u/shared';
import type { ZabbixCheck } from '@it4u/shared/api';
import { request } from 'undici';

export type ZabbixConfig = { url: string; username: string; password: string; timeoutMs?: number };

type RpcAnswer = { result?: unknown; error?: { code?: number; message?: string; data?: string } };

class RpcError extends Error {}

const check = (ok: boolean, code: ApiErrorCode, params?: ErrorParams, version?: string): ZabbixCheck => ({
  configured: code !== 'zabbixNotConfigured',
  ok,
  code,
  message: apiErrorText(code, params),
  ...(version ? { version } : {}),
});

/** Whether `version` ("6.4.2") is at least major.minor. */
const atLeast = (version: string, major: number, minor: number) => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
};

/**
 * Whether a Zabbix server accepts the console: its API version (`apiinfo.version`), then a login with the console's
 * account (`user.login`), whose session is closed again (`user.logout`). JSON-RPC 2.0 over HTTP at
 * `<url>/api_jsonrpc.php` (or the address given, when it names that file).
 */
export async function checkZabbix(config: ZabbixConfig | undefined): Promise<ZabbixCheck> {
  if (!config) return check(false, 'zabbixNotConfigured');
  const base = config.url.replace(/\/+$/, '');
  const endpoint = base.endsWith('.php') ? base : `${base}/api_jsonrpc.php`;
  const deadline = AbortSignal.timeout(config.timeoutMs ?? 8_000);
  let id = 0;
  async function rpc(method: string, params: unknown, session?: { token: string; header: boolean }) {
    const body: Record<string, unknown> = { jsonrpc: '2.0', method, params, id: ++id };
    const headers: Record<string, string> = { 'content-type': 'application/json-rpc' };
    // Zabbix 6.4 and later take the session as a bearer token; older ones in the body
    if (session?.header) headers.authorization = `Bearer ${session.token}`;
    else if (session) body.auth = session.token;
    const res = await request(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: deadline });
    const text = await res.body.text();
    let answer: RpcAnswer;
    try {
      answer = JSON.parse(text) as RpcAnswer;
    } catch {
      throw new RpcError(`HTTP ${res.statusCode}, not JSON-RPC`);
    }
    if (answer.error) throw new RpcError(answer.error.data || answer.error.message || `error ${answer.error.code}`);
    return answer.result;
  }
  let version: string | undefined;
  try {
    version = String(await rpc('apiinfo.version', []));
    // Zabbix 5.4 renamed the login's `user` to `username`
    const who = atLeast(version, 5, 4) ? { username: config.username } : { user: config.username };
    const token = await rpc('user.login', { ...who, password: config.password });
    if (typeof token !== 'string' || !token) throw new RpcError('no session in the answer');
    await rpc('user.logout', [], { token, header: atLeast(version, 6, 4) });
    return check(true, 'zabbixSignedIn', { version }, version);
  } catch (err) {
    const e = err as Error & { code?: string };
    const reason =
      err instanceof RpcError
        ? e.message
        : e.name === 'TimeoutError' || e.name === 'AbortError'
          ? 'no answer in time'
          : (e.code ?? e.message);
    return check(false, 'zabbixRefused', { reason }, version);
  }
}
