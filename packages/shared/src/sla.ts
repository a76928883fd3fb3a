/** Vietnam's offset from UTC, all year (no summer time): its days and months are the reports'. */
export const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** A calendar month of Vietnam, 'YYYY-MM', as [from, to) in epoch ms: from its 1st at 00:00 to the next 1st. */
export function vietnamMonthSpan(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [Date.UTC(y, m - 1, 1) - VIETNAM_OFFSET_MS, Date.UTC(y, m, 1) - VIETNAM_OFFSET_MS];
}

/** The month of Vietnam, 'YYYY-MM', that a time falls in, and `back` months before it. */
export function vietnamMonthOf(at: number, back = 0): string {
  const d = new Date(at + VIETNAM_OFFSET_MS);
  const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}
