import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS, type Page, TABLE_SCROLL_Y } from '@it4u/shared';
import { Button, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../feedback/ListState.tsx';
import { type CardLayout, type RegisterColumn, RegisterTable } from './RegisterTable.tsx';
import { SearchBox, TableToolbar } from './TableToolbar.tsx';
import type { ChooserOptions } from './useColumnChooser.ts';
import type { Paging } from './usePaging.ts';

/** The parts of a TanStack query result for one page that the table reads. */
export type PageQuery<T> = {
  data: Page<T> | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

type Props<T> = {
  query: PageQuery<T>;
  paging: Paging;
  columns: RegisterColumn<T>[];
  /** How a row reads as a card on a phone (default: the first column names it). */
  card?: Partial<CardLayout>;
  /** The column chooser: its name and the columns hidden at first. */
  chooser?: ChooserOptions;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  /** Horizontal scrolling for wide tables, e.g. 'max-content'. */
  scrollX?: NonNullable<TableProps<T>['scroll']>['x'];
  /** More buttons beside Add (e.g. upload, template, export). */
  extra?: ReactNode;
  /** Filters beside the search box (e.g. a status select). */
  filters?: ReactNode;
  /** A class for each row (e.g. by status). */
  rowClassName?: (row: T) => string;
  /** What an empty list says (default: antd's "No data"). */
  emptyText?: ReactNode;
};

/** A server-paged table: search box and add button above, then the rows (or loading, the failure with Retry, or empty). */
export function PagedTable<T extends { id: number | string }>({
  query,
  paging,
  columns,
  searchPlaceholder,
  addLabel,
  onAdd,
  scrollX,
  extra,
  filters,
  rowClassName,
  card,
  chooser,
  emptyText,
}: Props<T>) {
  const { t } = useTranslation();
  const rows = query.data?.items ?? [];
  const state = useListState(query, { rows: rows.length, empty: emptyText });
  return (
    <>
      <TableToolbar
        left={
          <>
            <SearchBox placeholder={searchPlaceholder} onSearch={paging.setSearch} />
            {filters}
          </>
        }
        right={
          <>
            {extra}
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
              {addLabel}
            </Button>
          </>
        }
      />
      {state.alert}
      <RegisterTable<T>
        rowKey="id"
        size="middle"
        columns={columns}
        card={card}
        chooser={chooser}
        dataSource={rows}
        loading={state.loading}
        locale={state.locale}
        rowClassName={rowClassName}
        scroll={scrollX === undefined ? { y: TABLE_SCROLL_Y } : { x: scrollX, y: TABLE_SCROLL_Y }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showTotal: (total) => t('common.total', { count: total }),
          onChange: paging.changePage,
        }}
      />
    </>
  );
}
