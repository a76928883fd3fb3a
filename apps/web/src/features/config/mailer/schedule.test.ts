import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../../i18n/i18n.ts';
import { scheduleProblemText, upcomingRuns } from './schedule.ts';

/** Monday 23 November 2026, 22:30 in Vietnam. */
const MONDAY_EVENING = Date.UTC(2026, 10, 23, 15, 30);

describe('the schedule field of the Mailer tab', () => {
  afterAll(() => applyLanguage('en'));

  it('says what is wrong in the reader’s language, naming the field', async () => {
    await applyLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(scheduleProblemText(t, '0 8 * * 1-5')).toBeNull();
    expect(scheduleProblemText(t, '0 25 * * *')).toBe('In the hour field of the schedule, 25 is outside 0 to 23.');
    expect(scheduleProblemText(t, '0 8 * *')).toBe(
      'A schedule has five fields (minute hour day month weekday); this one has 4.',
    );
    await applyLanguage('vi');
    expect(scheduleProblemText(i18n.t.bind(i18n), '0 8 * * MON-XYZ')).toBe(
      'Trường thứ trong tuần của lịch không hợp lệ: "MON-XYZ".',
    );
  });

  it('lists the next runs in Vietnam’s time and in the viewer’s', () => {
    const runs = upcomingRuns('0 8 * * 1-5', MONDAY_EVENING, 'en-GB');
    expect(runs).toHaveLength(5);
    expect(runs[0]?.at).toBe(Date.UTC(2026, 10, 24, 1, 0));
    expect(runs[0]?.operator).toMatch(/Tue.*24\/11\/2026.*08:00/);
    expect(runs[4]?.operator).toMatch(/Mon.*30\/11\/2026.*08:00/);
    expect(upcomingRuns('0 8 31 2 *', MONDAY_EVENING, 'en-GB')).toEqual([]);
    expect(upcomingRuns('nonsense', MONDAY_EVENING, 'en-GB')).toEqual([]);
  });
});
