/** Inline row editing: one row at a time; a new row sits at the top until saved or cancelled. */

export const NEW_ROW_KEY = 'new';

export type RowKey = number | typeof NEW_ROW_KEY;

export type RowEditingState<T> = {
  /** The row in edit mode, or null. */
  editingKey: RowKey | null;
  /** The new, unsaved row (it has no id yet). */
  draft: T | null;
};

export type RowEditingAction<T> =
  | { type: 'edit'; key: number }
  | { type: 'add'; row: T }
  | { type: 'cancel' }
  | { type: 'saved' };

export function initialRowEditing<T>(): RowEditingState<T> {
  return { editingKey: null, draft: null };
}

export function rowEditingReducer<T>(state: RowEditingState<T>, action: RowEditingAction<T>): RowEditingState<T> {
  switch (action.type) {
    case 'edit':
      // Only one row at a time: another row's Edit does nothing while a row is being edited.
      return state.editingKey === null ? { editingKey: action.key, draft: null } : state;
    case 'add':
      return state.editingKey === null ? { editingKey: NEW_ROW_KEY, draft: action.row } : state;
    case 'cancel':
    case 'saved':
      // Leaving edit mode drops the new row: after a save the list holds the saved copy.
      return { editingKey: null, draft: null };
  }
}

export function rowKeyOf(row: { id: number | null }): RowKey {
  return row.id ?? NEW_ROW_KEY;
}

/** The new row first, then the page's rows. */
export function rowsWithDraft<T>(state: RowEditingState<T>, rows: T[]): T[] {
  return state.draft ? [state.draft, ...rows] : rows;
}

export function isEditing<T>(state: RowEditingState<T>, key: RowKey): boolean {
  return state.editingKey === key;
}

/** Another row is in edit mode: this row's edit, delete and history buttons are disabled. */
export function isLocked<T>(state: RowEditingState<T>, key: RowKey): boolean {
  return state.editingKey !== null && state.editingKey !== key;
}
