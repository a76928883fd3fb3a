import type { ErrorParams } from '@it4u/shared';
import type { TFunction } from 'i18next';
import { formatNumber } from '../components/format/formatting.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { isHttpError, NO_TOKEN_MESSAGE } from './client.ts';

/**
 * The parameters that are quantities, written as the language writes numbers (100,000 / 100.000): not ports nor
 * versions, nor `count` (i18next chooses a plural by it).
 */
const QUANTITIES = new Set(['max', 'min', 'limit', 'seconds', 'minutes', 'width', 'height', 'days', 'bytes']);

/** `login` follows the sign-in rules (a 401 means a wrong username or password); `form` the rules of every other form. */
export type ErrorContext = 'form' | 'login';

export type FieldError = { field: string; message: string };

/**
 * A code of the server (an error, or a field problem) in the reader's language; undefined for a code the app has no
 * text for. The texts are the translations (`apiErrors.*`, `fieldProblems.*`); the English ones are the shared
 * package's templates themselves.
 */
export function codeText(t: TFunction, code: unknown, params?: ErrorParams): string | undefined {
  if (typeof code !== 'string' || !/^\w+$/.test(code)) return undefined;
  // a weekday the server names in English (`dayName`) is said in the reader's language
  const day = typeof params?.day === 'string' ? { dayName: t(`settings.wireless.days.${params.day}`) } : {};
  // a fixed t (i18next's getFixedT) says its language; the app's t is the current one's
  const language = (t as { lng?: unknown }).lng;
  const quantities = Object.fromEntries(
    Object.entries(params ?? {}).flatMap(([k, v]) =>
      QUANTITIES.has(k) && typeof v === 'number'
        ? [[k, formatNumber(v, typeof language === 'string' ? language : currentLanguage())]]
        : [],
    ),
  );
  const options = { ...params, ...quantities, ...day, interpolation: { escapeValue: false }, defaultValue: '' };
  return t(`apiErrors.${code}`, options) || t(`fieldProblems.${code}`, options) || undefined;
}

type Detail = { field?: unknown; code?: unknown; params?: ErrorParams; message?: unknown };

/** The refused fields of a 400 or 409 answer (`details: [{field, code, params, message}]`), in the reader's language. */
export function fieldErrors(error: unknown, t: TFunction): FieldError[] {
  if (!isHttpError(error) || (error.statusCode !== 400 && error.statusCode !== 409) || !Array.isArray(error.details)) {
    return [];
  }
  return (error.details as Detail[]).flatMap((d) => {
    if (typeof d !== 'object' || d === null || typeof d.field !== 'string') return [];
    const message = codeText(t, d.code, d.params) ?? (typeof d.message === 'string' ? d.message : t('errors.generic'));
    return [{ field: d.field, message }];
  });
}

/**
 * The one place that turns a failed call into the text the user reads, in the chosen language:
 * from the error's code and parameters, never the server's English sentence.
 */
export function errorText(error: unknown, t: TFunction, context: ErrorContext = 'form'): string {
  if (!isHttpError(error)) return t(context === 'login' ? 'login.error.generic' : 'errors.generic');
  if (error.message === NO_TOKEN_MESSAGE) return t('errors.noToken');
  if (context === 'login') {
    if (error.statusCode === 401) return t('login.error.incorrect');
    if (error.statusCode === 429) return t('login.error.tooManyAttempts');
  }
  if (error.code === 'invalidFields') {
    const fields = fieldErrors(error, t);
    if (fields.length > 0) return fields.map((f) => `${f.field}: ${f.message}`).join(' · ');
  }
  return codeText(t, error.code, error.params) ?? t(context === 'login' ? 'login.error.generic' : 'errors.generic');
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
