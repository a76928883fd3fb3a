import { describe, expect, it } from 'vitest';
import { availability, flaps, timeline } from './wanLinks.history.ts';

const H = 3_600_000;

describe("a WAN link's history", () => {
  it('up 20 h, down 2 h, unknown 2 h: 90.9 % available, one flap', () => {
    // the day from 0 to 24 h; pushes stopped after 22 h (the stale delay already passed)
    const events = [
      { at: 0, state: 'up' as const },
      { at: 20 * H, state: 'down' as const },
    ];
    const day = timeline(events, 0, 24 * H, 22 * H);
    expect(day).toEqual([
      { from: 0, to: 20 * H, state: 'up' },
      { from: 20 * H, to: 22 * H, state: 'down' },
      { from: 22 * H, to: 24 * H, state: 'unknown' },
    ]);
    expect(availability(day)).toBeCloseTo(90.909, 3);
    expect(flaps(events, 0, 24 * H)).toBe(1);
  });

  it('knows nothing before the first change, merges neighbours in one state, and clips to the window', () => {
    const events = [
      { at: 2 * H, state: 'up' as const },
      // a provider change: up again
      { at: 3 * H, state: 'up' as const },
      { at: 5 * H, state: 'unknown' as const },
      { at: 6 * H, state: 'down' as const },
      { at: 7 * H, state: 'up' as const },
    ];
    expect(timeline(events, H, 8 * H, 8 * H)).toEqual([
      { from: H, to: 2 * H, state: 'unknown' },
      { from: 2 * H, to: 5 * H, state: 'up' },
      { from: 5 * H, to: 6 * H, state: 'unknown' },
      { from: 6 * H, to: 7 * H, state: 'down' },
      { from: 7 * H, to: 8 * H, state: 'up' },
    ]);
    // the change in force at the window's start counts from the start
    expect(timeline(events, 4 * H, 5 * H, 8 * H)).toEqual([{ from: 4 * H, to: 5 * H, state: 'up' }]);
    // a gap is never downtime: up 4 h, down 1 h → 80 %
    expect(availability(timeline(events, H, 8 * H, 8 * H))).toBeCloseTo(80, 6);
    // a down after an unknown stretch is no flap
    expect(flaps(events, 0, 8 * H)).toBe(0);
    expect(availability([{ from: 0, to: H, state: 'unknown' }])).toBeNull();
    expect(timeline([], 0, H, H)).toEqual([{ from: 0, to: H, state: 'unknown' }]);
  });
});

describe('flaps at the edges of the 24 hours', () => {
  it('counts a drop at the window start, not one a moment before it nor one at its end', () => {
    const now = 48 * H;
    const from = now - 24 * H;
    const before = [
      { at: 0, state: 'up' as const },
      // down a millisecond before the 24 hours start, up again inside them: no flap in the 24 hours
      { at: from - 1, state: 'down' as const },
      { at: from + H, state: 'up' as const },
    ];
    expect(flaps(before, from, now)).toBe(0);
    // the same drop a millisecond later is inside
    const atStart = [
      { at: 0, state: 'up' as const },
      { at: from, state: 'down' as const },
      { at: from + H, state: 'up' as const },
    ];
    expect(flaps(atStart, from, now)).toBe(1);
    // the window is [from, to): a drop at `to` is not in it
    expect(
      flaps(
        [
          { at: 0, state: 'up' as const },
          { at: now, state: 'down' as const },
        ],
        from,
        now,
      ),
    ).toBe(0);
  });
});
