import { vietnamMonthOf, vietnamMonthSpan } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { type Change, countedSpans, linkFigures, sumOf } from './sla.figures.ts';
import { H, vn, vnpt } from './sla.fixture.ts';

const [from, to] = vietnamMonthSpan('2026-10');
const always = Number.POSITIVE_INFINITY;

describe("a provider's availability over a month", () => {
  it("takes Vietnam's month and its working days", () => {
    expect([from, to]).toEqual([vn('2026-10-01T00:00'), vn('2026-11-01T00:00')]);
    // 23:30 on 31 October in Vietnam is still October there (16:30 UTC); the month before it, September
    expect(vietnamMonthOf(vn('2026-10-31T23:30'))).toBe('2026-10');
    expect(vietnamMonthOf(vn('2026-11-01T00:10'))).toBe('2026-11');
    expect(vietnamMonthOf(vn('2026-01-15T00:00'), 1)).toBe('2025-12');
    const spans = countedSpans(from, to, 'business');
    expect(spans).toHaveLength(22);
    expect(spans[0]).toEqual([vn('2026-10-01T08:00'), vn('2026-10-01T17:00')]);
    expect(spans.at(-1)).toEqual([vn('2026-10-30T08:00'), vn('2026-10-30T17:00')]);
    expect(spans.reduce((sum, [a, b]) => sum + b - a, 0)).toBe(198 * H);
  });

  it('measures a month all day as worked out by hand', () => {
    const [part, ...others] = linkFigures(vnpt, from, to, always, 'all');
    expect(others).toEqual([]);
    expect(part?.provider).toBe('VNPT');
    const f = part?.figures;
    expect(f).toMatchObject({
      downMs: 7.5 * H,
      unknownMs: 24 * H,
      upMs: 712.5 * H,
      outages: 4,
      longestOutageMs: 2.5 * H,
      mttrMs: (7.5 * H) / 4,
    });
    expect(f?.availability).toBeCloseTo((100 * 712.5) / 720, 10);
  });

  it('measures the same month in business hours', () => {
    const f = linkFigures(vnpt, from, to, always, 'business')[0]?.figures;
    expect(f).toMatchObject({ upMs: 188 * H, downMs: 1 * H, unknownMs: 9 * H, outages: 1, longestOutageMs: 1 * H });
    expect(f?.mttrMs).toBe(H);
    expect(f?.availability).toBeCloseTo((100 * 188) / 189, 10);
  });

  it("counts time after a router's last push as unknown, and adds links up", () => {
    // a Viettel link up all month whose router stopped pushing at noon on the 30th (its last push and the stale delay)
    const viettel: Change[] = [{ at: vn('2026-08-01T00:00'), state: 'up', provider: 'Viettel' }];
    const v = linkFigures(viettel, from, to, vn('2026-10-30T12:00'), 'all')[0]?.figures;
    expect(v).toMatchObject({
      upMs: 708 * H,
      unknownMs: 36 * H,
      downMs: 0,
      outages: 0,
      availability: 100,
      mttrMs: null,
    });
    const a = linkFigures(vnpt, from, to, always, 'all')[0]?.figures;
    if (!v || !a) throw new Error('no figures');
    const both = sumOf([a, v]);
    expect(both).toMatchObject({ upMs: 1420.5 * H, downMs: 7.5 * H, unknownMs: 60 * H, outages: 4 });
    expect(both.availability).toBeCloseTo((100 * 1420.5) / 1428, 10);
  });

  it('splits a link between the providers it went through, and knows nothing before its first change', () => {
    const moved: Change[] = [
      { at: vn('2026-10-11T00:00'), state: 'up', provider: 'FPT' },
      { at: vn('2026-10-21T00:00'), state: 'down', provider: 'FPT' },
      { at: vn('2026-10-21T06:00'), state: 'up', provider: 'VNPT' },
    ];
    const parts = linkFigures(moved, from, to, always, 'all');
    expect(parts.map((p) => p.provider)).toEqual(['FPT', 'VNPT']);
    // the first 10 days nothing was known (the link's first push came on the 11th)
    expect(parts[0]?.figures).toMatchObject({ unknownMs: 240 * H, upMs: 240 * H, downMs: 6 * H, outages: 1 });
    expect(parts[1]?.figures).toMatchObject({ upMs: (744 - 486) * H, downMs: 0, unknownMs: 0 });
  });

  it('knows nothing of a link without a change', () => {
    const f = linkFigures([], from, to, always, 'all')[0]?.figures;
    expect(f).toMatchObject({ unknownMs: 744 * H, availability: null, mttrMs: null });
  });
});
