import { PAGE_SIZE_OPTIONS, TABLE_SCROLL_Y } from '@it4u/shared';
import { Form, type FormInstance, Pagination, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageQuery } from './PagedTable.tsx';
import { QueryErrorAlert } from './QueryErrorAlert.tsx';
import { rowKeyOf } from './rowEditing.ts';
import type { Paging } from './usePaging.ts';
import type { RowEditing } from './useRowEditing.ts';

type Props<T extends { id: number | null }, F> = {
  form: FormInstance<F>;
  query: PageQuery<T>;
  paging: Paging;
  editing: RowEditing<T>;
  columns: TableColumnsType<T>;
  /** A class for each row not in edit mode (e.g. by status). */
  rowClassName?: (row: T) => string;
};

/**
 * A server-paged table whose rows are edited in place, one at a time: the new row above the page, the failure of
 * the page query with Retry, and the pager (disabled while a row is edited).
 */
export function EditableTable<T extends { id: number | null }, F>({
  form,
  query,
  paging,
  editing,
  columns,
  rowClassName,
}: Props<T, F>) {
  const { t } = useTranslation();
  return (
    <>
      <QueryErrorAlert query={query} />
      <Form<F> form={form} component={false}>
        <Table<T>
          rowKey={(row) => String(rowKeyOf(row))}
          size="small"
          bordered
          columns={columns}
          dataSource={editing.rows(query.data?.items ?? [])}
          loading={query.isFetching && !editing.busy}
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
        showSizeChanger
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        showTotal={(total) => t('common.total', { count: total })}
        onChange={paging.changePage}
      />
    </>
  );
}
