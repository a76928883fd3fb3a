import { useCallback, useMemo, useReducer } from 'react';
import {
  initialRowEditing,
  isEditing,
  isLocked,
  type RowEditingAction,
  type RowEditingState,
  type RowKey,
  rowEditingReducer,
  rowsWithDraft,
} from './rowEditing.ts';
import './rowEditing.css';

/** The row-editing state of one table, with the rules of `rowEditing.ts`. */
export function useRowEditing<T>() {
  const [state, dispatch] = useReducer(
    rowEditingReducer as (s: RowEditingState<T>, a: RowEditingAction<T>) => RowEditingState<T>,
    undefined,
    initialRowEditing<T>,
  );
  const edit = useCallback((key: number) => dispatch({ type: 'edit', key }), []);
  const add = useCallback((row: T) => dispatch({ type: 'add', row }), []);
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);
  const saved = useCallback(() => dispatch({ type: 'saved' }), []);
  return useMemo(
    () => ({
      state,
      editingKey: state.editingKey,
      busy: state.editingKey !== null,
      edit,
      add,
      cancel,
      saved,
      rows: (rows: T[]) => rowsWithDraft(state, rows),
      isEditing: (key: RowKey) => isEditing(state, key),
      isLocked: (key: RowKey) => isLocked(state, key),
    }),
    [state, edit, add, cancel, saved],
  );
}

export type RowEditing<T> = ReturnType<typeof useRowEditing<T>>;
