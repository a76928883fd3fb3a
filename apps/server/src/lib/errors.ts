import type { RowError } from '@it4u/shared';
/** Typed errors thrown by services; plugins/errors.ts maps them to status codes. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field ? [{ field, message }] : undefined);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized', details?: unknown) {
    super(401, message, details);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.', details?: unknown) {
    super(403, message, details);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field ? [{ field, message }] : undefined);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
/** A spreadsheet with bad rows: every bad row and why; nothing was saved. */
export class InvalidRowsError extends AppError {
  constructor(rows: RowError[]) {
    super(422, `${rows.length} row(s) of the spreadsheet cannot be imported; nothing was saved.`, rows);
  }
}
