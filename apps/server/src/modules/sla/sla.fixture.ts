import type { Change } from './sla.figures.ts';

/** A time of Vietnam, 'YYYY-MM-DDTHH:mm'. */
export const vn = (s: string) => Date.parse(`${s}:00+07:00`);
export const H = 3_600_000;

/**
 * October 2026 in Vietnam (31 days, 744 hours; the 1st a Thursday, 22 working days), worked out by hand. A VNPT link:
 * - down from 23:00 on 30 September to 00:30 on 1 October: half an hour of October (the month starts in Vietnam, at
 *   17:00 UTC the day before);
 * - down from 23:00 on Saturday the 3rd to 01:30 on Sunday the 4th: 2.5 hours across midnight;
 * - its router silent all of Thursday the 15th: 24 hours unknown, neither up nor down (9 of them business hours);
 * - down from 16:00 to 18:30 on Tuesday the 20th: 2.5 hours, of which one (16:00 to 17:00) in business hours;
 * - down from 22:00 on Saturday the 31st into November (up at 03:00): 2 hours of October.
 */
export const vnpt: Change[] = [
  { at: vn('2026-09-20T08:00'), state: 'up', provider: 'VNPT' },
  { at: vn('2026-09-30T23:00'), state: 'down', provider: 'VNPT' },
  { at: vn('2026-10-01T00:30'), state: 'up', provider: 'VNPT' },
  { at: vn('2026-10-03T23:00'), state: 'down', provider: 'VNPT' },
  { at: vn('2026-10-04T01:30'), state: 'up', provider: 'VNPT' },
  { at: vn('2026-10-15T00:00'), state: 'unknown', provider: 'VNPT' },
  { at: vn('2026-10-16T00:00'), state: 'up', provider: 'VNPT' },
  { at: vn('2026-10-20T16:00'), state: 'down', provider: 'VNPT' },
  { at: vn('2026-10-20T18:30'), state: 'up', provider: 'VNPT' },
  { at: vn('2026-10-31T22:00'), state: 'down', provider: 'VNPT' },
  { at: vn('2026-11-01T03:00'), state: 'up', provider: 'VNPT' },
];
