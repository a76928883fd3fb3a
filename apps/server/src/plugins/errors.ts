import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

type FieldError = { field: string; message: string };

function fieldOf(v: { instancePath?: string; params?: Record<string, unknown> }): string {
  const missing = v.params?.missingProperty;
  const base = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (typeof missing === 'string') return base ? `${base}.${missing}` : missing;
  return base || '(root)';
}

/** One error handler: typed service errors to their status, validation to 400 naming the field, 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: Record<string, unknown> = {
        statusCode: err.statusCode,
        error: httpName(err.statusCode),
        message: err.message,
      };
      if (err.details !== undefined) body.details = err.details;
      return reply.status(err.statusCode).send(body);
    }
    if (err.validation) {
      const details: FieldError[] = err.validation.map((v) => ({
        field: fieldOf(v as { instancePath?: string; params?: Record<string, unknown> }),
        message: v.message ?? 'is invalid',
      }));
      const first = details[0];
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        details,
      });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send({ statusCode: status, error: httpName(status), message: 'Internal Server Error' });
    }
    return reply.status(status).send({ statusCode: status, error: httpName(status), message: err.message });
  });
}

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
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
