import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../../i18n/i18n.ts';
import { scheduleProblemText, upcomingRuns, viewerTimeZone } from './schedule.ts';

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

  it('says each run in the viewer’s zone by that zone’s own rules (Paris changing to summer time)', () => {
    // Friday 26 March 2027, 09:00 in Vietnam; Paris moves to summer time in the night of Sunday 28 March
    const friday = Date.UTC(2027, 2, 26, 2, 0);
    const runs = upcomingRuns('0 8 * * 1-5', friday, 'en-GB', { viewerZone: 'Europe/Paris' });
    expect(runs.map((r) => r.operator)).toEqual([
      'Mon, 29/03/2027, 08:00',
      'Tue, 30/03/2027, 08:00',
      'Wed, 31/03/2027, 08:00',
      'Thu, 01/04/2027, 08:00',
      'Fri, 02/04/2027, 08:00',
    ]);
    // 01:00 UTC: 03:00 in Paris in summer time (02:00 the Friday before, in winter time)
    expect(runs.map((r) => r.viewer)).toEqual([
      'Mon, 29/03/2027, 03:00',
      'Tue, 30/03/2027, 03:00',
      'Wed, 31/03/2027, 03:00',
      'Thu, 01/04/2027, 03:00',
      'Fri, 02/04/2027, 03:00',
    ]);
    const winter = upcomingRuns('0 8 * * 1-5', MONDAY_EVENING, 'en-GB', { viewerZone: 'Europe/Paris', count: 2 });
    expect(winter.map((r) => [r.operator, r.viewer])).toEqual([
      ['Tue, 24/11/2026, 08:00', 'Tue, 24/11/2026, 02:00'],
      ['Wed, 25/11/2026, 08:00', 'Wed, 25/11/2026, 02:00'],
    ]);
    // a run that is the day before in the viewer's zone: 05:00 in Vietnam is 23:00 the evening before in Paris
    const early = upcomingRuns('0 5 * * *', MONDAY_EVENING, 'vi-VN', { viewerZone: 'Europe/Paris', count: 1 });
    expect(early[0]?.operator).toMatch(/24\/11\/2026.*05:00|05:00.*24\/11\/2026/);
    expect(early[0]?.viewer).toMatch(/23\/11\/2026.*23:00|23:00.*23\/11\/2026/);
  });

  describe('with the browser in Paris', () => {
    afterEach(() => vi.restoreAllMocks());

    it('takes the viewer’s zone from the browser', () => {
      const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...resolved.call(this), timeZone: 'Europe/Paris' };
      });
      expect(viewerTimeZone()).toBe('Europe/Paris');
      const runs = upcomingRuns('0 8 * * 1-5', MONDAY_EVENING, 'en-GB');
      expect(runs[0]?.operator).toBe('Tue, 24/11/2026, 08:00');
      expect(runs[0]?.viewer).toBe('Tue, 24/11/2026, 02:00');
      expect(runs[4]?.viewer).toBe('Mon, 30/11/2026, 02:00');
    });
  });
});
