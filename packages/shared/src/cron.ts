import { Cron } from 'croner';
import { OPERATOR_TIME_ZONE } from './constants.ts';

/** The fields of a schedule (`minute hour day-of-month month day-of-week`), with their ranges. */
const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { name: 'dayOfWeek', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;

export type CronField = (typeof FIELDS)[number]['name'];

/** What is wrong with a schedule, as an API error code and its parameters. */
export type CronProblem =
  | { code: 'cronFieldCount'; params: { count: number } }
  | { code: 'cronFieldInvalid'; params: { field: CronField; value: string } }
  | { code: 'cronFieldRange'; params: { field: CronField; value: string; min: number; max: number } }
  | { code: 'cronNeverRuns'; params?: undefined }
  | { code: 'cronInvalid'; params: { reason: string } };

const TOKEN = /^(\*|([A-Za-z]{3}|\d{1,2})(?:-([A-Za-z]{3}|\d{1,2}))?)(?:\/(\d{1,2}))?$/;

/** A value of a field (a number, or a month's or weekday's name), or NaN. */
function fieldValue(field: (typeof FIELDS)[number], text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const names: readonly string[] = 'names' in field ? field.names : [];
  const i = names.indexOf(text.toUpperCase());
  return i < 0 ? Number.NaN : i + (field.name === 'month' ? 1 : 0);
}

/**
 * Whether a schedule is one the console runs: five fields of numbers, ranges (`1-5`), steps (`*\/15`, `8-18/2`),
 * lists (`0,30`) and the names of months and weekdays, in the operator's time zone; null when it is, else why not.
 */
export function cronProblem(expression: string): CronProblem | null {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== FIELDS.length) return { code: 'cronFieldCount', params: { count: parts.length } };
  for (const [i, field] of FIELDS.entries()) {
    const part = parts[i] as string;
    for (const item of part.split(',')) {
      const m = TOKEN.exec(item);
      if (!m) return { code: 'cronFieldInvalid', params: { field: field.name, value: part } };
      const [, , from, to, step] = m;
      for (const v of [from, to]) {
        if (v === undefined) continue;
        const n = fieldValue(field, v);
        if (Number.isNaN(n)) return { code: 'cronFieldInvalid', params: { field: field.name, value: part } };
        if (n < field.min || n > field.max) {
          return { code: 'cronFieldRange', params: { field: field.name, value: v, min: field.min, max: field.max } };
        }
      }
      if (from !== undefined && to !== undefined && fieldValue(field, from) > fieldValue(field, to)) {
        return { code: 'cronFieldInvalid', params: { field: field.name, value: part } };
      }
      if (step !== undefined && (Number(step) < 1 || Number(step) > field.max)) {
        return { code: 'cronFieldRange', params: { field: field.name, value: `/${step}`, min: 1, max: field.max } };
      }
    }
  }
  try {
    if (schedule(expression).nextRun(new Date(0)) === null) return { code: 'cronNeverRuns' };
  } catch (err) {
    return { code: 'cronInvalid', params: { reason: (err as Error).message } };
  }
  return null;
}

function schedule(expression: string) {
  return new Cron(expression.trim(), { timezone: OPERATOR_TIME_ZONE, paused: true });
}

/** The times (ms) of a valid schedule after `from` (exclusive), at most `count` of them. */
export function nextRuns(expression: string, from: number, count: number): number[] {
  return schedule(expression)
    .nextRuns(count, new Date(from))
    .map((d) => d.getTime());
}

/** The times (ms) of a valid schedule in (`after`, `upTo`], the latest `max` of them at most. */
export function runsBetween(expression: string, after: number, upTo: number, max: number): number[] {
  return schedule(expression)
    .previousRuns(max, new Date(upTo + 1))
    .map((d) => d.getTime())
    .filter((t) => t > after)
    .reverse();
}
