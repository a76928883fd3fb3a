import { describe, expect, it } from 'vitest';
import { cronProblem, nextRuns, runsBetween } from './cron.ts';

const H = 3_600_000;
/** Monday 23 November 2026, 22:30 in Vietnam (15:30 UTC). */
const MONDAY_EVENING = Date.UTC(2026, 10, 23, 15, 30);

describe('the report schedule', () => {
  it('takes five fields of numbers, ranges, steps, lists and names', () => {
    for (const ok of [
      '0 8 * * *',
      '*/15 7-18 * * 1-5',
      '0 8,17 1 * *',
      '30 6 * JAN-MAR mon-fri',
      '0 0 * * 7',
      '0 8-18/2 * * *',
    ]) {
      expect(cronProblem(ok), ok).toBeNull();
    }
  });

  it('says what is wrong, field by field', () => {
    expect(cronProblem('0 8 * *')).toEqual({ code: 'cronFieldCount', params: { count: 4 } });
    expect(cronProblem('0 8 * * * *')).toEqual({ code: 'cronFieldCount', params: { count: 6 } });
    expect(cronProblem('')).toEqual({ code: 'cronFieldCount', params: { count: 0 } });
    expect(cronProblem('61 8 * * *')).toEqual({
      code: 'cronFieldRange',
      params: { field: 'minute', value: '61', min: 0, max: 59 },
    });
    expect(cronProblem('0 24 * * *')).toMatchObject({ code: 'cronFieldRange', params: { field: 'hour' } });
    expect(cronProblem('0 8 0 * *')).toMatchObject({ code: 'cronFieldRange', params: { field: 'dayOfMonth' } });
    expect(cronProblem('0 8 * 13 *')).toMatchObject({ code: 'cronFieldRange', params: { field: 'month' } });
    expect(cronProblem('0 8 * * 8')).toMatchObject({ code: 'cronFieldRange', params: { field: 'dayOfWeek' } });
    expect(cronProblem('*/0 8 * * *')).toMatchObject({
      code: 'cronFieldRange',
      params: { field: 'minute', value: '/0' },
    });
    expect(cronProblem('0 8 * * MON-XYZ')).toEqual({
      code: 'cronFieldInvalid',
      params: { field: 'dayOfWeek', value: 'MON-XYZ' },
    });
    expect(cronProblem('0 18-8 * * *')).toMatchObject({ code: 'cronFieldInvalid', params: { field: 'hour' } });
    expect(cronProblem('0 8 ? * *')).toMatchObject({ code: 'cronFieldInvalid', params: { field: 'dayOfMonth' } });
    expect(cronProblem('0 8 30 2 *')).toEqual({ code: 'cronNeverRuns' });
  });

  it('comes round in Vietnam’s time whatever the clock of the machine', () => {
    const runs = nextRuns('0 8 * * 1-5', MONDAY_EVENING, 5);
    // Tuesday to Friday, then the next Monday, at 08:00 in Vietnam (01:00 UTC)
    expect(runs.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-24T01:00:00.000Z',
      '2026-11-25T01:00:00.000Z',
      '2026-11-26T01:00:00.000Z',
      '2026-11-27T01:00:00.000Z',
      '2026-11-30T01:00:00.000Z',
    ]);
    // the time itself is not after itself
    expect(nextRuns('0 8 * * *', Date.UTC(2026, 10, 24, 1, 0), 1)).toEqual([Date.UTC(2026, 10, 25, 1, 0)]);
  });

  it('lists the times between two instants, oldest first, at most the latest few', () => {
    const from = Date.UTC(2026, 10, 24, 1, 0);
    expect(runsBetween('0 * * * *', from, from + 3 * H, 10)).toEqual([from + H, from + 2 * H, from + 3 * H]);
    expect(runsBetween('0 * * * *', from, from + 3 * H, 2)).toEqual([from + 2 * H, from + 3 * H]);
    expect(runsBetween('0 * * * *', from, from + H - 1, 10)).toEqual([]);
  });
});
