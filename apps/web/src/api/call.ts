import type { ApiRoutes, RouteInput, RouteOutput } from '@it4u/shared/routes';
import { type DownloadedFile, postFile, type Query, request, requestFile } from './client.ts';

/**
 * The web calls the API by the routes' contracts (`packages/shared/src/routes/`): a key such as
 * `'GET /it4u/contracts/:id'` and the input the contract declares, answered with the contract's type. Only their
 * types come in (`import type`): the key carries the method and the path, so no schema reaches the bundle.
 */
export type ApiKey = keyof ApiRoutes & string;
export type ApiInput<K extends ApiKey> = RouteInput<ApiRoutes[K]>;
export type ApiOutput<K extends ApiKey> = RouteOutput<ApiRoutes[K]>;

/** The input as an optional argument when the route needs none. */
type Args<K extends ApiKey> = object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

type Parts = { params?: Record<string, unknown>; query?: object; body?: unknown };

function split(key: string): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; template: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'DELETE', template: key.slice(space + 1) };
}

function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The path of a route, its parameters filled in. */
export function pathOf<K extends ApiKey>(key: K, ...[input]: Args<K>): string {
  return fill(split(key).template, (input as Parts | undefined)?.params);
}

/** Calls a route: its parameters go in the path, its query in the URL, its body as JSON. */
export function call<K extends ApiKey>(key: K, ...[input]: Args<K>): Promise<ApiOutput<K>> {
  const { method, template } = split(key);
  const parts = (input ?? {}) as Parts;
  const body = parts.body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
  return request<ApiOutput<K>>(fill(template, parts.params), { method, body, query: parts.query as Query });
}

/** The routes anyone may call (`access: 'public'`). */
export type PublicKey = { [K in ApiKey]: ApiRoutes[K] extends { access: 'public' } ? K : never }[ApiKey];

/** Calls a public route without the session (the sign-in, a forgotten password): no token, no refresh on a 401. */
export function callPublic<K extends PublicKey>(key: K, ...[input]: Args<K>): Promise<ApiOutput<K>> {
  const { method, template } = split(key);
  const parts = (input ?? {}) as Parts;
  const body = parts.body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
  const query = parts.query as Query;
  return request<ApiOutput<K>>(fill(template, parts.params), { method, body, query, auth: false });
}

/** Downloads the file a route answers (a spreadsheet). */
export function callFile<K extends ApiKey>(key: K, ...[input]: Args<K>): Promise<DownloadedFile> {
  const parts = (input ?? {}) as Parts;
  return requestFile(fill(split(key).template, parts.params), parts.query as Query);
}

/** Sends a file to an upload route as multipart form data (field `file`, with the file's name). */
export function upload<K extends ApiKey>(key: K, file: File, ...[input]: Args<K>): Promise<ApiOutput<K>> {
  return postFile<ApiOutput<K>>(fill(split(key).template, (input as Parts | undefined)?.params), file, file.name);
}
