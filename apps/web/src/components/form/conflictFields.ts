import { isHttpError } from '../../api/client.ts';

/** The fields named by a 409 answer's `details: [{field}]` (e.g. a duplicate item code). */
export function conflictFields(error: unknown): string[] {
  if (!isHttpError(error) || error.statusCode !== 409 || !Array.isArray(error.details)) return [];
  return error.details
    .map((d: unknown) => (typeof d === 'object' && d !== null ? (d as { field?: unknown }).field : undefined))
    .filter((field): field is string => typeof field === 'string');
}
