import type { StockKind } from '@it4u/shared';
import { useEffect, useRef } from 'react';
import { fromFormValues, newStockRow, type StockFormValues, type StockRow } from './stockRow.ts';

const keyOf = (kind: StockKind, user: number) => `it4u.draft.stock.${kind}.${user}`;

/**
 * A new row being typed is kept in the browser's storage as it is typed: a reload (or a phone that closed the tab)
 * opens it again with what was typed. It goes when the row is saved, kept for sending, or cancelled.
 */
export function useStockDraft(
  kind: StockKind,
  user: number | undefined,
  draft: StockRow | null,
  watched: Partial<StockFormValues>,
  reopen: (row: StockRow) => void,
): void {
  const restored = useRef(false);
  /** a draft opened again, not yet in the form: not to be removed as "no new row" meanwhile */
  const reopening = useRef(false);
  useEffect(() => {
    if (user === undefined || restored.current) return;
    restored.current = true;
    try {
      const kept: unknown = JSON.parse(localStorage.getItem(keyOf(kind, user)) ?? 'null');
      if (kept && typeof kept === 'object') {
        reopening.current = true;
        reopen({ ...newStockRow(kind), ...(kept as Partial<StockRow>), id: null });
      }
    } catch {
      localStorage.removeItem(keyOf(kind, user));
    }
  }, [kind, user, reopen]);

  const typed = draft && watched.exportDate ? fromFormValues(watched as StockFormValues, draft) : null;
  const text = typed ? JSON.stringify(typed) : null;
  useEffect(() => {
    if (user === undefined || !restored.current) return;
    if (draft !== null) reopening.current = false;
    if (text) localStorage.setItem(keyOf(kind, user), text);
    else if (draft === null && !reopening.current) localStorage.removeItem(keyOf(kind, user));
  }, [kind, user, text, draft]);
}
