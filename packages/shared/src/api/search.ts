import { type Static, Type } from '@sinclair/typebox';
import { SEARCH_KINDS, type SearchKind } from '../searchKinds.ts';

const Kind = Type.Unsafe<SearchKind>({ type: 'string', enum: [...SEARCH_KINDS] });

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  /** at most this many of each kind */
  limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  /** this kind only ("See all"), its hits from `offset` on */
  kind: Type.Optional(Kind),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
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
      kind: Kind,
      hits: Type.Array(SearchHitSchema),
      /** more hits of this kind follow these */
      more: Type.Boolean(),
    }),
  ),
});
export type SearchResult = Static<typeof SearchResultSchema>;
