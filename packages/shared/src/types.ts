import type { ApiErrorCode, ErrorParams } from './apiErrors.ts';

/** The body of every error answer: a code of API_ERRORS with its parameters, and the English text. */
export type ApiError = {
  statusCode: number;
  error: string;
  code: ApiErrorCode;
  params?: ErrorParams;
  message: string;
  details?: unknown;
};
