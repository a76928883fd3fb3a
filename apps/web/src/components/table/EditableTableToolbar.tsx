import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { SearchBox, TableToolbar } from './TableToolbar.tsx';
import type { FilterBar } from './useTableFilters.ts';

export type ToolbarOptions = {
  /** The search box and Reset (from `useTableFilters`). */
  filters: FilterBar;
  searchPlaceholder: string;
  resetLabel: string;
  addLabel: string;
  onAdd: () => void;
  /** The filters between the search box and Reset (selects, a date range); disabled while a row is edited. */
  controls?: ReactNode;
  /** Buttons before Add (upload, export…). */
  actions?: ReactNode;
  /** A line under the toolbar, e.g. what the filters mean. */
  hint?: ReactNode;
};

type Props = ToolbarOptions & {
  /** A row is being edited: the search, Reset and Add wait. */
  busy: boolean;
};

/** The row above an inline-edited table: search box, filters and Reset on the left; actions and Add on the right. */
export function EditableTableToolbar({
  filters,
  searchPlaceholder,
  resetLabel,
  addLabel,
  onAdd,
  controls,
  actions,
  hint,
  busy,
}: Props) {
  return (
    <>
      <TableToolbar
        left={
          <>
            <SearchBox
              placeholder={searchPlaceholder}
              value={filters.text}
              disabled={busy}
              onChange={(event) => filters.setText(event.target.value)}
              onSearch={filters.search}
            />
            {controls}
            <Button onClick={filters.reset} disabled={busy}>
              {resetLabel}
            </Button>
          </>
        }
        right={
          <>
            {actions}
            <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={busy} onClick={onAdd}>
              {addLabel}
            </Button>
          </>
        }
      />
      {hint}
    </>
  );
}
