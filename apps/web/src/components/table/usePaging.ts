import { PAGE_SIZE } from '@it4u/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

export type PagingParams = { page: number; pageSize: number; q: string };

/**
 * The search a link asked for (`?q=`: a customer's page opens each register searched for the customer), as a search
 * box takes it (trimmed, at most 200 characters).
 */
export function useAskedSearch(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').trim().slice(0, 200);
}

/** Page, page size and search text of a server-paged table; `initialQ`: the search it starts with. */
export function usePaging(initialQ = '') {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [q, setQ] = useState(initialQ);
  const params: PagingParams = { page, pageSize, q };
  return {
    ...params,
    params,
    /** A new search starts again on page 1. */
    setSearch: (value: string) => {
      setQ(value.trim());
      setPage(1);
    },
    /** The table's pagination change; a new page size starts again on page 1. */
    changePage: (nextPage: number, nextSize: number) => {
      setPage(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
    },
    /** A filter changed: start again on page 1. */
    toFirstPage: () => setPage(1),
    /** After a delete: step back when the deleted row was the only one on its page (`rowsOnPage` counted before). */
    afterDelete: (rowsOnPage: number) => {
      if (rowsOnPage === 1 && page > 1) setPage(page - 1);
    },
  };
}

export type Paging = ReturnType<typeof usePaging>;
