import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  initialRowEditing,
  isLocked,
  NEW_ROW_KEY,
  type RowEditingState,
  rowEditingReducer,
  rowsWithDraft,
} from './rowEditing.ts';
import { useRowEditing } from './useRowEditing.ts';

type Row = { id: number | null; name: string };
const saved: Row[] = [
  { id: 1, name: 'one' },
  { id: 2, name: 'two' },
];

describe('row editing rules', () => {
  it('edits one row at a time: the other rows are locked and cannot enter edit mode', () => {
    let state: RowEditingState<Row> = initialRowEditing<Row>();
    state = rowEditingReducer(state, { type: 'edit', key: 1 });
    expect(state.editingKey).toBe(1);
    expect(isLocked(state, 1)).toBe(false);
    expect(isLocked(state, 2)).toBe(true);

    expect(rowEditingReducer(state, { type: 'edit', key: 2 })).toBe(state);
    expect(rowEditingReducer(state, { type: 'add', row: { id: null, name: '' } })).toBe(state);
  });

  it('adds a new row at the top in edit mode; cancel removes it', () => {
    let state = rowEditingReducer(initialRowEditing<Row>(), { type: 'add', row: { id: null, name: 'new' } });
    expect(state.editingKey).toBe(NEW_ROW_KEY);
    expect(rowsWithDraft(state, saved).map((r) => r.name)).toEqual(['new', 'one', 'two']);
    expect(isLocked(state, 1)).toBe(true);

    state = rowEditingReducer(state, { type: 'cancel' });
    expect(state).toEqual({ editingKey: null, draft: null });
    expect(rowsWithDraft(state, saved)).toBe(saved);
    expect(isLocked(state, 1)).toBe(false);
  });

  it('leaves edit mode after a save', () => {
    const state = rowEditingReducer(rowEditingReducer(initialRowEditing<Row>(), { type: 'edit', key: 2 }), {
      type: 'saved',
    });
    expect(state).toEqual({ editingKey: null, draft: null });
  });

  it('works the same through the hook', () => {
    const { result } = renderHook(() => useRowEditing<Row>());
    act(() => result.current.add({ id: null, name: 'draft' }));
    expect(result.current.busy).toBe(true);
    expect(result.current.isEditing(NEW_ROW_KEY)).toBe(true);
    expect(result.current.rows(saved)).toHaveLength(3);
    act(() => result.current.edit(1));
    expect(result.current.editingKey).toBe(NEW_ROW_KEY);
    act(() => result.current.cancel());
    expect(result.current.rows(saved)).toHaveLength(2);
    act(() => result.current.edit(1));
    expect(result.current.isLocked(2)).toBe(true);
  });
});
