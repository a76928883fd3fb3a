/** A tiny cookie- and CSRF-aware client for the simulator, as a console would use it. */
import type { Simulator } from '../server.ts';
import type { JsonObject } from '../world.ts';

export type Answer = {
  status: number;
  json: JsonObject & { meta?: JsonObject; data?: JsonObject[] };
  headers: Headers;
};

export class TestClient {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;

  constructor(readonly sim: Simulator) {}

  /** the Network base: `/proxy/network` on UniFi OS */
  get base(): string {
    return this.sim.flavor === 'unifios' ? `${this.sim.url}/proxy/network` : this.sim.url;
  }

  async login(password = this.sim.password, username = this.sim.username): Promise<Answer> {
    const path = this.sim.flavor === 'unifios' ? '/api/auth/login' : '/api/login';
    const body =
      this.sim.flavor === 'unifios' ? { username, password, rememberMe: true } : { username, password, remember: true };
    return this.raw('POST', `${this.sim.url}${path}`, body, false);
  }

  /** A Network call: `path` relative to the Network base (e.g. `/api/s/default/stat/sta`). */
  call(method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<Answer> {
    return this.raw(method, `${this.base}${path}`, body, opts.csrf ?? true);
  }

  async data(method: string, path: string, body?: unknown): Promise<JsonObject[]> {
    const answer = await this.call(method, path, body);
    if (answer.status !== 200 || answer.json.meta?.rc !== 'ok') {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    return answer.json.data ?? [];
  }

  async raw(method: string, url: string, body: unknown, withCsrf: boolean): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (withCsrf && this.csrf) headers['x-csrf-token'] = this.csrf;
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      if (pair.startsWith('csrf_token=')) this.csrf = pair.slice(eq + 1);
    }
    const fresh = res.headers.get('x-updated-csrf-token') ?? res.headers.get('x-csrf-token');
    if (fresh) this.csrf = fresh;
    const text = await res.text();
    const json = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
    return { status: res.status, json, headers: res.headers };
  }
}
