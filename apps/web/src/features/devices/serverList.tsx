import { PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page } from '@it4u/shared';
import { Select, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../components/form/useDebounced.ts';

/*
 * A register searched, sorted and paged on the server (a site's thousands of clients or vouchers never come to the
 * browser whole): the devices' two lists and the vouchers use it.
 */

export type SortValue<F extends string> = `${F}:${'asc' | 'desc'}`;
/** The field of a route's sort values ('name' of 'name:asc'). */
export type SortField<S> = S extends `${infer F}:${'asc' | 'desc'}` ? F : never;

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

const splitSort = <F extends string>(sort: SortValue<F>) => {
  const colon = sort.lastIndexOf(':');
  return { field: sort.slice(0, colon) as F, desc: sort.slice(colon + 1) === 'desc' };
};

/**
 * The page, page size, search text and sort of a server-paged register. The search is sent once typing has paused
 * (or at once on Enter), and a new search, sort or filter starts again on page 1.
 */
export function useServerList<F extends string>(initialSort: SortValue<F>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSortValue] = useState<SortValue<F>>(initialSort);
  const settled = useDebounced(text.trim(), SEARCH_DELAY_MS);
  // the typing has paused on new words: search them, from page 1 (state derived while rendering, no effect)
  const [lastSettled, setLastSettled] = useState(settled);
  if (settled !== lastSettled) {
    setLastSettled(settled);
    if (settled !== q) {
      setQ(settled);
      setPage(1);
    }
  }
  const { field, desc } = splitSort(sort);

  const setSort = (next: SortValue<F>) => {
    setSortValue(next);
    setPage(1);
  };
  /** A header clicked: sorts by its field, the other way when it is already sorted by it. */
  const toggle = (by: F) => setSort(`${by}:${by === field && !desc ? 'desc' : 'asc'}`);

  return {
    /** What the page route is asked for. */
    params: { page, pageSize, sort, ...(q ? { q } : {}) },
    /** Whether a search narrows the list (an empty answer then says nothing matches, not that there is none). */
    searching: q !== '',
    sort,
    setSort,
    /** A filter changed, or the site: page 1. */
    restart: () => setPage(1),
    /** The search box's value and handlers (Enter or its button search at once, the cross clears at once). */
    searchBox: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
      onSearch: (value: string) => {
        setText(value);
        setQ(value.trim());
        setPage(1);
      },
    },
    /**
     * A column sorted on the server: its arrow shows the sort asked for, and a click (or Enter) on its header asks
     * for the next (ascending, then descending and back; never "unsorted", which would be the same rows).
     */
    sortColumn<T>(by: F): Pick<TableColumnType<T>, 'sorter' | 'sortOrder' | 'sortDirections' | 'onHeaderCell'> {
      return {
        sorter: true,
        sortOrder: by === field ? (desc ? 'descend' : 'ascend') : null,
        // antd's header hint follows this cycle: ascending ↔ descending
        sortDirections: ['ascend', 'descend', 'ascend'],
        onHeaderCell: () => ({
          onClick: () => toggle(by),
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.key === 'Enter') toggle(by);
          },
        }),
      };
    },
    /** The table's pagination, by the total the server counted. */
    pagination(total: number): TablePaginationConfig {
      return {
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        showTotal: (count) => t('common.total', { count }),
        onChange: (nextPage, nextSize) => {
          setPage(nextSize !== pageSize ? 1 : nextPage);
          setPageSize(nextSize);
        },
      };
    },
    /**
     * A page emptied by a change elsewhere (rows blocked, deleted, gone from the controller): the last page that has
     * rows instead of an empty page that says the list is empty.
     */
    keepOnRows(data: Page<unknown> | undefined) {
      if (data && page > 1 && data.items.length === 0 && data.total > 0) {
        setPage(Math.max(1, Math.ceil(data.total / pageSize)));
      }
    },
  };
}

export type ServerList<F extends string> = ReturnType<typeof useServerList<F>>;

/**
 * The sort of a register on a phone, where its rows are cards without headers to click: each field ascending and
 * descending.
 */
export function SortSelect<F extends string>({
  list,
  fields,
}: {
  list: ServerList<F>;
  fields: { field: F; title: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Select<SortValue<F>>
      aria-label={t('common.sortBy')}
      value={list.sort}
      onChange={list.setSort}
      options={fields.flatMap(({ field, title }) => [
        { value: `${field}:asc` as SortValue<F>, label: t('common.sortAscending', { column: title }) },
        { value: `${field}:desc` as SortValue<F>, label: t('common.sortDescending', { column: title }) },
      ])}
      style={{ minWidth: 200, maxWidth: '100%' }}
    />
  );
}
