import { PAGE_SIZE } from '@it4u/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './usePaging.ts';

describe('usePaging', () => {
  it('starts on page 1 with the default page size and no search', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.params).toEqual({ page: 1, pageSize: PAGE_SIZE, q: '' });
  });

  it('goes back to page 1 on a new search, trimmed', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.changePage(3, PAGE_SIZE));
    act(() => result.current.setSearch('  abc '));
    expect(result.current.params).toEqual({ page: 1, pageSize: PAGE_SIZE, q: 'abc' });
  });

  it('turns pages, and goes back to page 1 when the page size changes', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.changePage(3, PAGE_SIZE));
    expect(result.current.page).toBe(3);
    act(() => result.current.changePage(3, 50));
    expect(result.current.params).toEqual({ page: 1, pageSize: 50, q: '' });
  });

  it('steps back a page only when the only row of a later page was deleted', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.afterDelete(1));
    expect(result.current.page).toBe(1);
    act(() => result.current.changePage(2, PAGE_SIZE));
    act(() => result.current.afterDelete(2));
    expect(result.current.page).toBe(2);
    act(() => result.current.afterDelete(1));
    expect(result.current.page).toBe(1);
  });
});
