import { useState } from 'react';
import type { Paging } from './usePaging.ts';

/** What the toolbar of a table reads of its filters: the search box and Reset. */
export type FilterBar = {
  /** The text in the search box, as typed; it is searched on Enter (or the search button). */
  text: string;
  setText: (text: string) => void;
  search: (text: string) => void;
  /** Back to the first values: no search, and the filters as they started. */
  reset: () => void;
};

/**
 * The filters of a server-paged table (search text, a date range, selects) wired to its paging: a new search or a
 * changed filter starts again on page 1. `initial` gives the filters' first values, again on Reset.
 */
export function useTableFilters<V extends object>(paging: Paging, initial: () => V) {
  // the box shows the search the table started with (a link's `?q=`)
  const [text, setText] = useState(paging.q);
  const [values, setValues] = useState<V>(initial);
  return {
    text,
    setText,
    search: paging.setSearch,
    values,
    /** One filter changed: start again on page 1. */
    set<K extends keyof V>(key: K, value: V[K]) {
      setValues((current) => ({ ...current, [key]: value }));
      paging.toFirstPage();
    },
    reset() {
      setText('');
      paging.setSearch('');
      setValues(initial());
    },
  };
}
