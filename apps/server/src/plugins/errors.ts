import {
  type ApiErrorCode,
  apiErrorText,
  type ErrorParams,
  type FieldError,
  type FieldProblemCode,
  fieldProblemText,
} from '@it4u/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seesAllSites } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

type AjvError = { keyword: string; instancePath?: string; params?: Record<string, unknown> };

/** How long a client should wait before trying again when the database is down. */
export const RETRY_AFTER_S = 5;

function fieldOf(v: AjvError): string {
  const missing = v.params?.missingProperty;
  const base = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (typeof missing === 'string') return base ? `${base}.${missing}` : missing;
  return base || '(root)';
}

/** An Ajv error as a field problem the web app translates. */
function problemOf(v: AjvError): { code: FieldProblemCode; params?: ErrorParams } {
  const p = v.params ?? {};
  const limit = typeof p.limit === 'number' ? { limit: p.limit } : undefined;
  switch (v.keyword) {
    case 'required':
      return { code: 'required' };
    case 'minLength':
      return p.limit === 1 ? { code: 'required' } : { code: 'tooShort', params: limit };
    case 'maxLength':
      return { code: 'tooLong', params: limit };
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'tooLarge', params: limit };
    case 'minimum':
    case 'exclusiveMinimum':
      return { code: 'tooSmall', params: limit };
    case 'type':
      return p.type === 'integer' ? { code: 'notAnInteger' } : { code: 'wrongType', params: { type: String(p.type) } };
    case 'pattern':
    case 'format':
      return { code: 'badFormat' };
    case 'enum':
      return { code: 'notAllowed', params: { allowed: ((p.allowedValues as unknown[]) ?? []).join(', ') } };
    case 'const':
      return { code: 'notAllowed', params: { allowed: String(p.allowedValue) } };
    case 'maxItems':
      return { code: 'tooManyItems', params: limit };
    case 'minItems':
      return { code: 'tooFewItems', params: limit };
    case 'uniqueItems':
      return { code: 'repeated' };
    default:
      return { code: 'invalid' };
  }
}

/** The problems of a refused request, one per field. */
export function fieldErrors(validation: AjvError[]): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const v of validation) {
    const field = fieldOf(v);
    if (out.has(field)) continue;
    const { code, params } = problemOf(v);
    out.set(field, {
      field,
      code,
      ...(params ? { params } : {}),
      message: `${field} ${fieldProblemText(code, params)}`,
    });
  }
  return [...out.values()];
}

/** Fastify's and its plugins' own errors (body parsing, multipart, limits), by their code. */
const FRAMEWORK_CODES: Record<string, [number, ApiErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'badJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'badJson'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'badRequest'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupportedMediaType'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'badMultipart'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payloadTooLarge'],
  FST_PARTS_LIMIT: [413, 'payloadTooLarge'],
  FST_FILES_LIMIT: [413, 'payloadTooLarge'],
  FST_FIELDS_LIMIT: [413, 'payloadTooLarge'],
  FST_PROTO_VIOLATION: [400, 'badRequest'],
};

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'badRequest',
  401: 'sessionExpired',
  403: 'notAllowed',
  404: 'notFound',
  405: 'routeNotFound',
  406: 'unsupportedMediaType',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

/** The database cannot be reached: connection refused, lost, or the server shutting down. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DB_DOWN_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection error|timeout exceeded when trying to connect|PGlite is closed/i.test(message)
    ) {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}

/** The busboy parser's own complaints about a malformed multipart body. */
const isMultipartProblem = (err: FastifyError) =>
  /^(Multipart|Malformed|Unexpected end of (form|multipart data)|Boundary)/i.test(err.message ?? '');

function send(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  params?: ErrorParams,
  details?: unknown,
  message = apiErrorText(code, params),
) {
  const body: Record<string, unknown> = { statusCode: status, error: httpName(status), code, message };
  if (params !== undefined) body.params = params;
  if (details !== undefined) body.details = details;
  return reply.status(status).send(body);
}

/**
 * An external system's address is for staff: a customer's answer names no internal address. Controller errors put
 * it in `details.controller`.
 */
function detailsFor(request: FastifyRequest, details: unknown): unknown {
  if (typeof details !== 'object' || details === null || !('controller' in details)) return details;
  const principal = request.principal as Parameters<typeof seesAllSites>[0] | null;
  if (principal && seesAllSites(principal)) return details;
  const { controller: _hidden, ...rest } = details as Record<string, unknown>;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * One error handler: typed service errors to their status with their code, validation to 400 naming each field,
 * the framework's errors by their code, a database that is down to 503 with Retry-After; every other failure is a
 * 500 whose details stay in the log (without values).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode === 503) {
        // a busy controller said how long to wait (controllerBusy's seconds); otherwise a few seconds
        const wait = Number(err.params?.seconds);
        reply.header('retry-after', String(Number.isInteger(wait) && wait > 0 ? wait : RETRY_AFTER_S));
      }
      // a busy queue (exportsBusy) says when to come back
      if (err.statusCode === 429 && Number.isInteger(err.params?.seconds)) {
        reply.header('retry-after', String(err.params?.seconds));
      }
      return send(reply, err.statusCode, err.code, err.params, detailsFor(request, err.details));
    }
    if (err.validation) {
      const details = fieldErrors(err.validation as AjvError[]);
      return send(reply, 400, 'invalidFields', { fields: details.map((d) => d.field).join(', ') }, details);
    }
    const known = err.code ? FRAMEWORK_CODES[err.code] : undefined;
    if (known) return send(reply, known[0], known[1]);
    if (isMultipartProblem(err)) return send(reply, 400, 'badMultipart');
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'the database cannot be reached');
      reply.header('retry-after', String(RETRY_AFTER_S));
      return send(reply, 503, 'databaseUnavailable');
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return send(reply, 500, 'internal');
    }
    return send(reply, status, STATUS_CODES[status] ?? 'badRequest');
  });
}

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function httpName(status: number): string {
  return NAMES[status] ?? 'Error';
}

/** The answer for a path no route serves. */
export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'routeNotFound', { method: request.method, path: request.url.split('?')[0] ?? '' });
}
