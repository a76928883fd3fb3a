import type { ApiError, ApiErrorCode, ErrorParams } from '@it4u/shared';
import { clearTokens, getAccessToken, setAccessToken } from './tokens.ts';

export const API_BASE = '/api/v1';
export const NO_TOKEN_MESSAGE = 'No access token set.';

/** What a failed call knows: the server's error body, or less when no answer came (statusCode 0, no code). */
type Failure = Omit<ApiError, 'code'> & { code?: ApiErrorCode };

/**
 * Every failed call rejects with this: the server's `{statusCode, error, code, params?, message, details?}` body.
 * `code` (with `params`) is what the web app says, in the reader's language (api/errors.ts).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly code?: ApiErrorCode;
  readonly params?: ErrorParams;
  readonly details?: unknown;

  constructor(body: Failure) {
    super(body.message);
    this.name = 'HttpError';
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.code = body.code;
    this.params = body.params;
    this.details = body.details;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

export type Query = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** false for the calls made without a session (sign-in, refresh). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** Why the client dropped the session: it could not be refreshed, or the account was blocked. */
export type SignedOutReason = 'expired' | 'inactive';

let onSignedOut: (reason: SignedOutReason) => void = () => {
  window.location.assign('/login');
};

/** The app tells the client where to send the user when the session ends. */
export function setSignedOutHandler(handler: (reason: SignedOutReason) => void): void {
  onSignedOut = handler;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function isApiErrorBody(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    typeof (value as { statusCode: unknown }).statusCode === 'number'
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The header with which the offline worker marks a copy it kept, answered without a network: when it was kept. */
export const KEPT_AT_HEADER = 'x-it4u-kept-at';

const HEARD_KEY = 'it4u.heardAt';
/** Kept across reloads: a page opened again without a network has not heard the console since the last answer. */
let heardAt = Number(globalThis.localStorage?.getItem(HEARD_KEY)) || Date.now();
/** When the copy last answered was kept; null once the console answers again. */
let copyKeptAt: number | null = null;
const copyListeners = new Set<() => void>();

/** When the console last answered this page, by its clock (its answers, not the offline worker's copies). */
export function lastHeardAt(): number {
  return heardAt;
}

/** When the lists shown were kept, if the last answer came from the offline worker's copies; live. */
export const offlineCopy = {
  keptAt: () => copyKeptAt,
  subscribe(listener: () => void): () => void {
    copyListeners.add(listener);
    return () => copyListeners.delete(listener);
  },
};

function heard(response: Response): Response {
  const kept = Number(response.headers?.get(KEPT_AT_HEADER) ?? 0);
  const next = kept > 0 ? kept : null;
  if (next === null) {
    // by the console's clock (its answer's Date), not the phone's, which may be set wrong
    heardAt = Date.parse(response.headers?.get('date') ?? '') || Date.now();
    globalThis.localStorage?.setItem(HEARD_KEY, String(heardAt));
  }
  if (next !== copyKeptAt) {
    // the oldest copy shown says how old the lists may be
    copyKeptAt = next === null || copyKeptAt === null ? next : Math.min(copyKeptAt, next);
    for (const listener of copyListeners) listener();
  }
  return response;
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return heard(response);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new HttpError({ statusCode: 0, error: 'Network Error', message: '' });
  }
}

function settle<T>(response: Response, body: unknown): T {
  if (response.ok) return body as T;
  if (isApiErrorBody(body)) {
    throw new HttpError({
      statusCode: body.statusCode,
      error: body.error ?? response.statusText,
      code: typeof body.code === 'string' ? body.code : undefined,
      params: typeof body.params === 'object' && body.params !== null ? body.params : undefined,
      message: typeof body.message === 'string' ? body.message : '',
      details: body.details,
    });
  }
  throw new HttpError({ statusCode: response.status, error: response.statusText, message: '' });
}

async function toResult<T>(response: Response): Promise<T> {
  return settle<T>(response, await readBody(response));
}

/** The server marks a blocked account's 401 with `details: {reason: 'inactive'}`: refreshing cannot help. */
function isInactiveBody(body: unknown): boolean {
  if (!isApiErrorBody(body)) return false;
  const details = body.details;
  return typeof details === 'object' && details !== null && (details as { reason?: unknown }).reason === 'inactive';
}

let refreshing: Promise<boolean> | null = null;

/**
 * A new access token for the session: the refresh token goes as the HttpOnly cookie the server set at sign-in (no
 * script reads it), with the header that says the web app asks (the server takes the cookie only with it).
 */
async function doRefresh(): Promise<boolean> {
  try {
    const response = await send('/auth/refresh', { method: 'POST', body: {} }, null, { 'X-IT4U-Refresh': '1' });
    if (!response.ok) return false;
    const tokens = (await readBody(response)) as { accessToken?: string };
    if (!tokens?.accessToken) return false;
    setAccessToken(tokens.accessToken);
    return true;
  } catch {
    return false;
  }
}

/** One refresh at a time: concurrent 401s wait for the same promise. */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function signOutLocally(reason: SignedOutReason): void {
  clearTokens();
  onSignedOut(reason);
}

/**
 * Runs `attempt` with the session's access token; on 401 refreshes once and tries again. A refresh that
 * fails, or a blocked account, signs out locally. `read` turns the final response into the result.
 */
async function withSession<T>(
  attempt: (token: string) => Promise<Response>,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const token = getAccessToken();
  if (!token) throw new HttpError({ statusCode: 0, error: 'No Token', message: NO_TOKEN_MESSAGE });

  const first = await attempt(token);
  if (first.status !== 401) return read(first);
  const firstBody = await readBody(first);
  if (isInactiveBody(firstBody)) {
    signOutLocally('inactive');
    return settle<T>(first, firstBody);
  }

  // Another call may already have rotated the tokens while this one was in flight.
  const current = getAccessToken();
  const renewed = current !== null && current !== token ? true : await refreshSession();
  const fresh = getAccessToken();
  if (!renewed || !fresh) {
    signOutLocally('expired');
    return settle<T>(first, firstBody);
  }
  const second = await attempt(fresh);
  if (second.status !== 401) return read(second);
  const secondBody = await readBody(second);
  signOutLocally(isInactiveBody(secondBody) ? 'inactive' : 'expired');
  return settle<T>(second, secondBody);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.auth === false) return toResult<T>(await send(path, options, null));
  return withSession((token) => send(path, options, token), toResult<T>);
}

export type DownloadedFile = { blob: Blob; filename: string | null };

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : null;
}

/** GETs a file (e.g. a spreadsheet) with the session's token. */
export function requestFile(path: string, query?: Query): Promise<DownloadedFile> {
  return withSession(
    (token) => send(path, { query }, token),
    async (response) => {
      if (!response.ok) return settle<DownloadedFile>(response, await readBody(response));
      return {
        blob: await response.blob(),
        filename: dispositionFilename(response.headers.get('Content-Disposition')),
      };
    },
  );
}

/** Upload progress from 0 to 1. */
export type ProgressHandler = (fraction: number) => void;

/** XMLHttpRequest rather than fetch: it reports how much of the body has been sent. */
function sendWithProgress(path: string, body: unknown, token: string, onProgress: ProgressHandler): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const status = xhr.status === 204 ? 204 : xhr.status;
      const text = status === 204 ? null : xhr.responseText;
      resolve(new Response(text, { status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => reject(new HttpError({ statusCode: 0, error: 'Network Error', message: '' }));
    xhr.send(JSON.stringify(body));
  });
}

/** POSTs one file as multipart form data (field `file`), with the session's token. */
export function postFile<T>(path: string, file: Blob, filename: string): Promise<T> {
  return withSession(
    async (token) => {
      const form = new FormData();
      form.append('file', file, filename);
      try {
        return await fetch(buildUrl(path), {
          method: 'POST',
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          body: form,
        });
      } catch {
        throw new HttpError({ statusCode: 0, error: 'Network Error', message: '' });
      }
    },
    toResult<T>,
  );
}

/** POSTs a JSON body, reporting the upload's progress. */
export function postWithProgress<T>(path: string, body: unknown, onProgress: ProgressHandler): Promise<T> {
  onProgress(0);
  return withSession((token) => sendWithProgress(path, body, token, onProgress), toResult<T>);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
