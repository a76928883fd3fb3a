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

/**
 * An availability to the thousandth of a percent, cut rather than rounded (a contract's 99.5 % is told from 99.45 %,
 * and a link down for a second is not "100 %").
 */
export const thousandths = (value: number) => Math.floor(value * 1000 + 1e-9) / 1000;

/** An availability as the reader's language writes it, to the thousandth, cut: "99.512 %", "99,512 %"; none: "—". */
export function formatAvailability(value: number | null, language: string): string {
  if (value === null) return '—';
  const text = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 3 }).format(
    thousandths(value),
  );
  return `${text} %`;
}
