import { type Static, Type } from '@sinclair/typebox';

/** The kinds of things the search box finds, in the order its groups show. */
export const SEARCH_KINDS = ['customers', 'sites', 'equipment', 'channels', 'devices', 'users'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  /** at most this many of each kind */
  limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
});

export const SearchHitSchema = Type.Object({
  key: Type.String(),
  /** what names it (a customer, a site, a serial) */
  title: Type.String(),
  /** what tells it apart (a contract number, a short name, the item and its customer) */
  detail: Type.String(),
  /** the console's page that opens it */
  to: Type.String(),
});
export type SearchHit = Static<typeof SearchHitSchema>;

/** What the search box found, grouped by kind (only the kinds the caller may read, and only those with hits). */
export const SearchResultSchema = Type.Object({
  groups: Type.Array(
    Type.Object({
      kind: Type.Unsafe<SearchKind>({ type: 'string', enum: [...SEARCH_KINDS] }),
      hits: Type.Array(SearchHitSchema),
    }),
  ),
});
export type SearchResult = Static<typeof SearchResultSchema>;
