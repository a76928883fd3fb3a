/** The kinds of things the search box finds, in the order its groups show. */
export const SEARCH_KINDS = [
  'customers',
  'sites',
  'networkDevices',
  'wanLinks',
  'equipment',
  'channels',
  'devices',
  'users',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The fewest characters the search box reads the registers for: a trigram index serves three and more. */
export const SEARCH_MIN_CHARS = 3;
