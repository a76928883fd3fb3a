/** What a customer's timeline holds, each a kind of entry the reader may filter by. */
export const TIMELINE_KINDS = [
  'wan',
  'accessPoint',
  'channel',
  'equipment',
  'deviceInfo',
  'terminal',
  'settings',
  'vouchers',
  'contract',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The most rows a part of a customer's page lists. */
export const CUSTOMER_PART_MAX = 200;
