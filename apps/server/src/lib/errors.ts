import { type ApiErrorCode, apiErrorText, type ErrorParams, type FieldError, type RowError } from '@it4u/shared';

/**
 * Typed errors thrown by services; plugins/errors.ts maps them to their status. Each carries a code of
 * `API_ERRORS` with its parameters (the web app translates it) and the English text made from them.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    readonly params?: ErrorParams,
    readonly details?: unknown,
  ) {
    super(apiErrorText(code, params));
  }
}

/** The details of an error about one field (the form shows it under that field). */
export function onField(field: string, code: ApiErrorCode, params?: ErrorParams): FieldError[] {
  return [{ field, code, ...(params ? { params } : {}), message: apiErrorText(code, params) }];
}

export class BadRequestError extends AppError {
  constructor(code: ApiErrorCode, field?: string, params?: ErrorParams) {
    super(400, code, params, field ? onField(field, code, params) : undefined);
  }
}
export class UnauthorizedError extends AppError {
  constructor(code: ApiErrorCode, details?: unknown) {
    super(401, code, undefined, details);
  }
}
export class ForbiddenError extends AppError {
  constructor(code: ApiErrorCode = 'notAllowed', details?: unknown) {
    super(403, code, undefined, details);
  }
}
export class NotFoundError extends AppError {
  constructor(code: ApiErrorCode = 'notFound', params?: ErrorParams) {
    super(404, code, params);
  }
}
export class ConflictError extends AppError {
  constructor(code: ApiErrorCode, field?: string) {
    super(409, code, undefined, field ? onField(field, code) : undefined);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(code: ApiErrorCode, params?: ErrorParams) {
    super(429, code, params);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(code: ApiErrorCode = 'payloadTooLarge') {
    super(413, code);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(code: ApiErrorCode) {
    super(415, code);
  }
}
/** A spreadsheet with bad rows: every bad row and why; nothing was saved. */
export class InvalidRowsError extends AppError {
  constructor(rows: RowError[]) {
    super(422, 'badRows', { count: rows.length }, rows);
  }
}
/** An external system or the database is missing or failing: 502, 503 or 504. */
export class UnavailableError extends AppError {
  constructor(statusCode: 502 | 503 | 504, code: ApiErrorCode, params?: ErrorParams, details?: unknown) {
    super(statusCode, code, params, details);
  }
}
