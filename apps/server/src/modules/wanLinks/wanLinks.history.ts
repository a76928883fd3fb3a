import type { LinkState, Segment } from '@it4u/shared/api';

/** A change of a WAN link: from `at` (ms) it was in `state`. */
export type LinkEvent = { at: number; state: LinkState };

/**
 * A link's timeline over [from, to): each event holds until the next one; before the first event nothing is known,
 * and after `knownUntil` (the last push plus the stale delay, when the pushes have stopped) neither is anything.
 * Events must be sorted by time; the one in force at `from` may come before it. Neighbours in the same state merge.
 */
export function timeline(events: readonly LinkEvent[], from: number, to: number, knownUntil: number): Segment[] {
  const out: Segment[] = [];
  const add = (start: number, end: number, state: LinkState) => {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b <= a) return;
    const last = out[out.length - 1];
    if (last && last.state === state && last.to === a) last.to = b;
    else out.push({ from: a, to: b, state });
  };
  add(from, events[0]?.at ?? to, 'unknown');
  events.forEach((e, i) => {
    const end = events[i + 1]?.at ?? to;
    add(e.at, Math.min(end, knownUntil), e.state);
    if (end > knownUntil) add(Math.max(e.at, knownUntil), end, 'unknown');
  });
  return out;
}

/** Up time ÷ known time (up or down), in %; null when nothing is known. A gap in the data is never downtime. */
export function availability(segments: readonly Segment[]): number | null {
  let up = 0;
  let down = 0;
  for (const s of segments) {
    if (s.state === 'up') up += s.to - s.from;
    else if (s.state === 'down') down += s.to - s.from;
  }
  return up + down === 0 ? null : (100 * up) / (up + down);
}

/** How many times a link went from up to down within [from, to). */
export function flaps(events: readonly LinkEvent[], from: number, to: number): number {
  let n = 0;
  events.forEach((e, i) => {
    if (e.state === 'down' && e.at >= from && e.at < to && events[i - 1]?.state === 'up') n++;
  });
  return n;
}
