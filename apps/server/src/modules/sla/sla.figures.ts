import { VIETNAM_OFFSET_MS } from '@it4u/shared';
import type { CountedHours, LinkState } from '@it4u/shared/api';

/**
 * A provider's measured availability against its contract (issue 28 §2), computed from the WAN links' history: each
 * link's changes (up, down, unknown when its router went silent) over a period, within the hours a contract counts.
 * Pure functions over milliseconds; the days are Vietnam's (UTC+7 all year, no summer time).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Business hours ("giờ hành chính"): Monday to Friday, 08:00 to 17:00 in Vietnam. */
export const BUSINESS_HOURS = { weekdays: [1, 2, 3, 4, 5], fromMs: 8 * HOUR_MS, toMs: 17 * HOUR_MS } as const;

/** [start, end) in ms. */
export type Span = readonly [number, number];

/** The spans of [from, to) that count: the whole of it, or its business hours day by day. */
export function countedSpans(from: number, to: number, hours: CountedHours): Span[] {
  if (to <= from) return [];
  if (hours === 'all') return [[from, to]];
  const spans: Span[] = [];
  const firstDay = Math.floor((from + VIETNAM_OFFSET_MS) / DAY_MS) * DAY_MS - VIETNAM_OFFSET_MS;
  for (let day = firstDay; day < to; day += DAY_MS) {
    const weekday = new Date(day + VIETNAM_OFFSET_MS).getUTCDay();
    if (!(BUSINESS_HOURS.weekdays as readonly number[]).includes(weekday)) continue;
    const start = Math.max(from, day + BUSINESS_HOURS.fromMs);
    const end = Math.min(to, day + BUSINESS_HOURS.toMs);
    if (start < end) spans.push([start, end]);
  }
  return spans;
}

/** A change of a link: from `at` it was in `state`, through `provider`. */
export type Change = { at: number; state: LinkState; provider: string };

/** A stretch of a link's period in one state through one provider. */
export type ProviderSegment = { from: number; to: number; state: LinkState; provider: string };

/**
 * A link's period [from, to) in segments: each change holds until the next; before the first change, and after
 * `knownUntil` (its router's last push and the stale delay), the state is unknown. Changes sorted by time; the one in
 * force at `from` may come before it. Neighbours in the same state through the same provider merge.
 */
export function segmentsOf(
  changes: readonly Change[],
  from: number,
  to: number,
  knownUntil: number,
): ProviderSegment[] {
  const out: ProviderSegment[] = [];
  const add = (start: number, end: number, state: LinkState, provider: string) => {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b <= a) return;
    const last = out.at(-1);
    if (last && last.state === state && last.provider === provider && last.to === a) last.to = b;
    else out.push({ from: a, to: b, state, provider });
  };
  add(from, changes[0]?.at ?? to, 'unknown', changes[0]?.provider ?? '');
  changes.forEach((c, i) => {
    const end = changes[i + 1]?.at ?? to;
    add(c.at, Math.min(end, knownUntil), c.state, c.provider);
    if (end > knownUntil) add(Math.max(c.at, knownUntil), end, 'unknown', c.provider);
  });
  return out;
}

/** What a period measured, within the hours counted. */
export type Figures = {
  upMs: number;
  downMs: number;
  /** the router silent, or nothing known yet: counted neither as up nor as down */
  unknownMs: number;
  /** stretches of downtime (a link down, then up or unknown) */
  outages: number;
  longestOutageMs: number;
  /** up ÷ (up + down), in %; null when nothing is known */
  availability: number | null;
  /** mean time to recovery: downtime ÷ outages; null without an outage */
  mttrMs: number | null;
};

const overlap = (from: number, to: number, spans: readonly Span[]) =>
  spans.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(to, b) - Math.max(from, a)), 0);

/** Figures with availability and recovery time made from their sums. */
function finish(f: Omit<Figures, 'availability' | 'mttrMs'>): Figures {
  const known = f.upMs + f.downMs;
  return {
    ...f,
    availability: known === 0 ? null : (100 * f.upMs) / known,
    mttrMs: f.outages === 0 ? null : f.downMs / f.outages,
  };
}

/** The figures of segments within the spans counted; an outage counts when some of it falls in them. */
export function figuresOf(segments: readonly ProviderSegment[], counted: readonly Span[]): Figures {
  const f = { upMs: 0, downMs: 0, unknownMs: 0, outages: 0, longestOutageMs: 0 };
  for (const s of segments) {
    const ms = overlap(s.from, s.to, counted);
    if (s.state === 'up') f.upMs += ms;
    else if (s.state === 'unknown') f.unknownMs += ms;
    else if (ms > 0) {
      f.downMs += ms;
      f.outages++;
      f.longestOutageMs = Math.max(f.longestOutageMs, ms);
    }
  }
  return finish(f);
}

/** Several links' figures as one (a provider's, a customer's): times and outages summed, the longest outage kept. */
export function sumOf(list: readonly Figures[]): Figures {
  const f = { upMs: 0, downMs: 0, unknownMs: 0, outages: 0, longestOutageMs: 0 };
  for (const x of list) {
    f.upMs += x.upMs;
    f.downMs += x.downMs;
    f.unknownMs += x.unknownMs;
    f.outages += x.outages;
    f.longestOutageMs = Math.max(f.longestOutageMs, x.longestOutageMs);
  }
  return finish(f);
}

/** A link over a period, one part per provider it went through. */
export function linkFigures(
  changes: readonly Change[],
  from: number,
  to: number,
  knownUntil: number,
  hours: CountedHours,
): { provider: string; figures: Figures }[] {
  const counted = countedSpans(from, to, hours);
  const segments = segmentsOf(changes, from, to, knownUntil);
  const providers = [...new Set(segments.map((s) => s.provider))];
  return providers.map((provider) => ({
    provider,
    figures: figuresOf(
      segments.filter((s) => s.provider === provider),
      counted,
    ),
  }));
}
