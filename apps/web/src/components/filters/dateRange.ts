import dayjs, { type Dayjs } from 'dayjs';

export type PickedRange = [Dayjs, Dayjs];

/** A period in epoch ms, both ends inclusive. */
export type DateRange = { fromDate: number; toDate: number };

/** Start of the current month to now: the default of every date-range search. */
export function defaultRange(now: Dayjs = dayjs()): PickedRange {
  return [now.startOf('month'), now];
}

/** Whole days, both ends inclusive, as epoch ms. */
export function toDateRange([from, to]: PickedRange): DateRange {
  return { fromDate: from.startOf('day').valueOf(), toDate: to.endOf('day').valueOf() };
}
