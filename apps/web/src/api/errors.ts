import type { TFunction } from 'i18next';
import { isHttpError, NO_TOKEN_MESSAGE } from './client.ts';

/** `login` follows the sign-in rules of spec section 8; `form` the rules of every other form. */
export type ErrorContext = 'form' | 'login';

export type FieldError = { field: string; message: string };

/** The one place that turns a failed call into the text the user reads (spec section 8). */
export function errorText(error: unknown, t: TFunction, context: ErrorContext = 'form'): string {
  if (!isHttpError(error)) return t(context === 'login' ? 'login.error.generic' : 'errors.generic');
  if (error.message === NO_TOKEN_MESSAGE) return t('errors.noToken');
  if (context === 'login') {
    if (error.statusCode === 401) return t('login.error.incorrect');
    if (error.statusCode === 429) return t('login.error.tooManyAttempts');
    return error.message || t('login.error.generic');
  }
  if (error.statusCode === 401) return t('errors.generic');
  if (error.message) return error.message;
  const fields = fieldErrors(error);
  if (fields.length > 0) return fields.map((f) => f.message).join(' ');
  return t('errors.generic');
}

/** The `details: [{field, message}]` of a 400 answer, for `form.setFields`. */
export function fieldErrors(error: unknown): FieldError[] {
  if (!isHttpError(error) || error.statusCode !== 400 || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is FieldError =>
      typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string',
  );
}

export function isStatus(error: unknown, statusCode: number): boolean {
  return isHttpError(error) && error.statusCode === statusCode;
}

/** `details: {reason: 'inactive'}`: sign-in answers 403 with it, other calls of a blocked account 401. */
export function isInactiveAccount(error: unknown): boolean {
  if (!isHttpError(error) || (error.statusCode !== 403 && error.statusCode !== 401)) return false;
  const details = error.details;
  return typeof details === 'object' && details !== null && (details as { reason?: unknown }).reason === 'inactive';
}
