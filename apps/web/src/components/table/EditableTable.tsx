import { PAGE_SIZE_OPTIONS, TABLE_SCROLL_Y } from '@it4u/shared';
import { Form, Grid, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../feedback/ListState.tsx';
import { EditableTableToolbar, type ToolbarOptions } from './EditableTableToolbar.tsx';
import { type IndexColumnOptions, indexColumn } from './indexColumn.tsx';
import type { PageQuery } from './PagedTable.tsx';
import { pageLabels } from './pageLabels.tsx';
import { type CardLayout, type RegisterColumn, RegisterTable } from './RegisterTable.tsx';
import { RowActions } from './RowActions.tsx';
import { rowKeyOf } from './rowEditing.ts';
import type { ChooserOptions } from './useColumnChooser.ts';
import type { useEditableRows } from './useEditableRows.ts';
import type { Paging } from './usePaging.ts';

type EditableRows<T extends { id: number | null }, F> = ReturnType<typeof useEditableRows<T, F>>;

type ActionsOptions<T> = {
  width: number;
  saving: boolean;
  onSave: (row: T) => unknown;
  /** Deletes a saved row on the server. */
  remove: (id: number) => Promise<unknown>;
  /** More buttons after Delete (e.g. History); `locked`: another row is being edited. */
  extra?: (row: T, locked: boolean) => ReactNode;
};

type Props<T extends { id: number | null }, F> = {
  rowForm: EditableRows<T, F>;
  query: PageQuery<T>;
  paging: Paging;
  toolbar: ToolbarOptions;
  /** The row-number column, first. */
  index: IndexColumnOptions;
  /** The columns of the table's own fields, between the row number and the actions. */
  columns: RegisterColumn<T>[];
  /** How a row reads as a card on a phone (default: the first column names it). */
  card?: Partial<CardLayout>;
  /** The column chooser: its name and the columns hidden at first. */
  chooser?: ChooserOptions;
  /** The action column, last: Edit and Delete, or Save and Cancel on the row in edit mode. */
  actions: ActionsOptions<T>;
  /** A class for each row not in edit mode (e.g. by status). */
  rowClassName?: (row: T) => string;
  /** The pager offers page sizes (default); false where the toolbar has its own choice of rows. */
  sizeChanger?: boolean;
};

/**
 * A server-paged table whose rows are edited in place, one at a time: the toolbar (search, filters, Reset, Add), the
 * failure of the page query with Retry, the row number, the new row above the page, the row actions, and the pager
 * (disabled while a row is edited). Fixed columns are fixed on wide screens only: on a phone they leave no room for
 * the others.
 */
export function EditableTable<T extends { id: number | null }, F>({
  rowForm,
  query,
  paging,
  toolbar,
  index,
  columns,
  actions,
  rowClassName,
  card,
  chooser,
  sizeChanger = true,
}: Props<T, F>) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md === true;
  const { form, editing } = rowForm;
  const rowsOnPage = query.data?.items.length ?? 0;
  const rows = editing.rows(query.data?.items ?? []);
  const state = useListState(query, { rows: rows.length });
  const allColumns: RegisterColumn<T>[] = [
    indexColumn<T>(index, paging, editing.state.draft !== null),
    ...columns,
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: actions.width,
      render: (_, row) => {
        const key = rowKeyOf(row);
        const locked = editing.isLocked(key);
        return (
          <RowActions
            editing={editing.isEditing(key)}
            locked={locked}
            saving={actions.saving}
            onSave={() => void actions.onSave(row)}
            onCancel={rowForm.cancel}
            onEdit={() => rowForm.startEdit(row)}
            onDelete={() => rowForm.deleteRow(row, actions.remove, rowsOnPage)}
          >
            {actions.extra?.(row, locked)}
          </RowActions>
        );
      },
    },
  ];
  return (
    <>
      <EditableTableToolbar {...toolbar} busy={editing.busy} />
      {state.alert}
      <Form<F> form={form} component={false}>
        <RegisterTable<T>
          rowKey={(row) => String(rowKeyOf(row))}
          size="small"
          bordered
          card={card}
          chooser={chooser}
          // on a phone the row being edited shows all its fields in its card
          expanded={(row) => editing.isEditing(rowKeyOf(row))}
          columns={allColumns.map((column) => ({ ...column, fixed: wide ? column.fixed : undefined }))}
          dataSource={rows}
          loading={state.loading && !editing.busy}
          locale={state.locale}
          rowClassName={(row) => (editing.isEditing(rowKeyOf(row)) ? 'editing-row' : (rowClassName?.(row) ?? ''))}
          scroll={{ x: 'max-content', y: TABLE_SCROLL_Y }}
          // The pager sits outside: the table would cut a full page plus the new row down to the page size.
          pagination={false}
        />
      </Form>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={paging.page}
        pageSize={paging.pageSize}
        total={query.data?.total ?? 0}
        disabled={editing.busy}
        showSizeChanger={sizeChanger}
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        showTotal={(total) => t('common.total', { count: total })}
        onChange={paging.changePage}
        itemRender={pageLabels(t)}
      />
    </>
  );
}
