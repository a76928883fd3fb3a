/**
 * What of an error may be logged: its type, code, a message without values, and its stack frames. A failed query's
 * parameters (which once carried an argon2 hash into the log), a database error's detail (it quotes the row's
 * values) and quoted values in messages never reach the log.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: err === null ? 'null' : typeof err };
  const e = err as Error & {
    code?: unknown;
    query?: unknown;
    severity?: unknown;
    constraint?: unknown;
    table?: unknown;
    column?: unknown;
    routine?: unknown;
    statusCode?: unknown;
  };
  const out: Record<string, unknown> = { type: e.constructor?.name || e.name };
  if (typeof e.query === 'string') {
    out.message = `Failed query: ${e.query}`;
  } else if (typeof e.severity === 'string') {
    // a PostgreSQL error: its own fields, and the message without what it quotes
    out.message = e.message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
    for (const k of ['severity', 'constraint', 'table', 'column', 'routine'] as const) if (e[k]) out[k] = e[k];
  } else {
    out.message = e.message;
  }
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  const frames = (e.stack ?? '').split('\n').filter((l) => l.startsWith('    at '));
  if (frames.length) out.stack = frames.slice(0, 12).join('\n');
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** A URL's path without its query string or fragment: what the log may hold of an address. */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/**
 * What of a request may be logged (Fastify's `req` serializer): its method, its path without the query string
 * (`/resetPassword?token=…` once wrote the reset token to the log; an API's query may name people too), the host
 * and the client's address.
 */
export function safeRequest(req: LoggedRequest): {
  method: string;
  url: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
} {
  return {
    method: req.method,
    url: pathOnly(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
