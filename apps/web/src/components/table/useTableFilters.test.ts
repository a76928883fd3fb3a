import { PAGE_SIZE } from '@it4u/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './usePaging.ts';
import { useTableFilters } from './useTableFilters.ts';

type Filters = { status: string; providerId: number | null };

function renderFilters() {
  return renderHook(() => {
    const paging = usePaging();
    const filters = useTableFilters<Filters>(paging, () => ({ status: '', providerId: null }));
    return { paging, filters };
  });
}

describe('useTableFilters', () => {
  it('starts with the first values and an empty search box', () => {
    const { result } = renderFilters();
    expect(result.current.filters.values).toEqual({ status: '', providerId: null });
    expect(result.current.filters.text).toBe('');
  });

  it('keeps the typed text apart from the search, which runs on page 1', () => {
    const { result } = renderFilters();
    act(() => result.current.paging.changePage(3, PAGE_SIZE));
    act(() => result.current.filters.setText(' abc '));
    expect(result.current.paging.params).toEqual({ page: 3, pageSize: PAGE_SIZE, q: '' });
    act(() => result.current.filters.search(' abc '));
    expect(result.current.paging.params).toEqual({ page: 1, pageSize: PAGE_SIZE, q: 'abc' });
    expect(result.current.filters.text).toBe(' abc ');
  });

  it('starts again on page 1 when a filter changes', () => {
    const { result } = renderFilters();
    act(() => result.current.paging.changePage(3, PAGE_SIZE));
    act(() => result.current.filters.set('providerId', 4));
    expect(result.current.filters.values).toEqual({ status: '', providerId: 4 });
    expect(result.current.paging.page).toBe(1);
  });

  it('resets the search and the filters, on page 1', () => {
    const { result } = renderFilters();
    act(() => {
      result.current.filters.setText('abc');
      result.current.filters.search('abc');
      result.current.filters.set('status', 'online');
    });
    act(() => result.current.paging.changePage(2, PAGE_SIZE));
    act(() => result.current.filters.reset());
    expect(result.current.filters.values).toEqual({ status: '', providerId: null });
    expect(result.current.filters.text).toBe('');
    expect(result.current.paging.params).toEqual({ page: 1, pageSize: PAGE_SIZE, q: '' });
  });
});
