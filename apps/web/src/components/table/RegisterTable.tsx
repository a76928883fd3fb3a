import { DownOutlined, UpOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Pagination,
  type PaginationProps,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  type TableColumnType,
} from 'antd';
import { type Key, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './ColumnChooser.tsx';
import { pageLabels } from './pageLabels.tsx';
import { type ChooserOptions, useColumnChooser } from './useColumnChooser.ts';

/** A column of a register; its `key` names it (for the card layout and the column chooser). */
export type RegisterColumn<T> = TableColumnsType<T>[number];

const keyOfColumn = (column: { key?: Key }) => String(column.key ?? '');

/**
 * How a row reads as a card on a phone: the columns that name the row (its title), the one that gives its state,
 * and its actions. The other columns show when the card is opened (and always while the row is edited).
 */
export type CardLayout = {
  title: string[];
  status?: string;
  actions?: string;
  /** fields shown on the closed card too, with their names (e.g. the quantities of a report line) */
  fields?: string[];
};

export type RegisterTableProps<T> = {
  columns: RegisterColumn<T>[];
  dataSource?: readonly T[];
  rowKey?: string | ((row: T) => Key);
  loading?: boolean;
  pagination?: PaginationProps | false;
  rowClassName?: (row: T) => string;
  size?: 'small' | 'middle' | 'large';
  bordered?: boolean;
  scroll?: { x?: number | string | true; y?: number | string };
  locale?: { emptyText?: ReactNode };
  /** The card of a row on a phone; default: the first column names the row, `status` and `actions` by key. */
  card?: Partial<CardLayout>;
  /** The columns a user may show or hide (remembered per user); without it every column shows. */
  chooser?: ChooserOptions;
  /** A row that shows all its fields on a phone (e.g. the row being edited). */
  expanded?: (row: T) => boolean;
  /** names the register for assistive technology (where the page gives it no heading) */
  'aria-label'?: string;
  /** Rows that can be picked (a check box on each row or card). */
  rowSelection?: { selectedRowKeys: Key[]; onChange: (keys: Key[]) => void };
};

/** Inside, a register works on rows of no particular type (generic antd column types cost the checker too much). */
type Row = object;
type Column = TableColumnType<Row>;

/** The columns a card shows: a group's columns in its place. */
const leaves = (columns: RegisterColumn<Row>[]): Column[] =>
  columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c as Column]));

function cellValue(row: Row, column: Column): unknown {
  const path = column.dataIndex;
  if (path === undefined) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  return keys.reduce<unknown>(
    (value, k) => (value as Record<string | number, unknown> | undefined)?.[k as string],
    row,
  );
}

/** What a cell shows: the column's render, or its value. */
export function cellOf(row: Row, column: Column, index: number): ReactNode {
  const value = cellValue(row, column);
  const shown = column.render ? column.render(value, row, index) : value;
  // a render may answer cell props ({children, props}); the card takes the children
  if (shown && typeof shown === 'object' && 'children' in (shown as object) && !('$$typeof' in (shown as object))) {
    return (shown as { children: ReactNode }).children;
  }
  return shown as ReactNode;
}

type SortOrder = 'ascend' | 'descend';
type Sorting = { key: string; order: SortOrder } | null;
const compareOf = (column: Column | undefined) =>
  typeof column?.sorter === 'function' ? (column.sorter as (a: Row, b: Row) => number) : undefined;

/** The rows in the order chosen (at first the table's: by the column sorted by default, if any). */
function sortedBy(rows: readonly Row[], columns: Column[], sorting: Sorting): Row[] {
  const compare = compareOf(columns.find((c) => keyOfColumn(c) === sorting?.key));
  if (!sorting || !compare) return [...rows];
  const sign = sorting.order === 'descend' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compare(a, b));
}

/**
 * The rows of the page shown: all of them where the caller pages on the server (it passes one page and the total),
 * else the page's slice.
 */
function pageOf(rows: Row[], pagination: PaginationProps, shown: { page: number; size: number }): Row[] {
  if (pagination.total !== undefined && pagination.total > rows.length) return rows;
  const size = pagination.pageSize ?? shown.size;
  // rows removed from the last page: its slice would be empty, the one before is shown (as antd's table does)
  const page = Math.min(pagination.current ?? shown.page, Math.max(1, Math.ceil(rows.length / size)));
  return rows.slice((page - 1) * size, page * size);
}

const titleOf = (column: { title?: unknown }): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

/**
 * The scroll areas of a table answer the keyboard (axe: scrollable-region-focusable), and the hidden row antd measures
 * column widths with (it copies the headers, a select-all box too) is out of the keyboard's way (aria-hidden-focus).
 */
function useFocusableScroll() {
  const ref = useRef<HTMLDivElement>(null);
  // after every render: the table may have drawn new scroll areas
  useEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content') ?? []) {
      el.tabIndex = 0;
    }
    for (const row of ref.current?.querySelectorAll('.ant-table-measure-row') ?? []) row.setAttribute('inert', '');
  });
  return ref;
}

/**
 * A register: on a wide screen an antd table of the columns people scan (the rest through the column chooser,
 * remembered per user; the columns shown by default fit a 1440 px screen beside the menu, so a fixed column
 * covers none); on a phone a list of cards, each with the
 * fields that name the row, its state and its actions, the rest on opening it. Nothing needs sideways scrolling to
 * reach a row's actions.
 */
export function RegisterTable<T extends object>(props: RegisterTableProps<T>) {
  return <Register {...(props as unknown as RegisterTableProps<Row>)} />;
}

function Register(props: RegisterTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, chooser, dataSource, rowKey, loading, rowClassName } = props;
  const pagination = props.pagination && { ...props.pagination, itemRender: pageLabels(t) };
  const wide = Grid.useBreakpoint().md === true;
  const choice = useColumnChooser<Row>(columns, chooser);
  const focusRef = useFocusableScroll();
  // a row being edited needs every field at hand
  const shown = dataSource?.some((row) => props.expanded?.(row)) ? columns : choice.visible;
  if (wide) {
    return (
      <div ref={focusRef}>
        {chooser && <ColumnChooser choice={choice.controls} />}
        <Table<Row>
          columns={shown}
          dataSource={dataSource}
          rowKey={rowKey}
          loading={loading}
          pagination={pagination}
          rowClassName={rowClassName}
          size={props.size}
          bordered={props.bordered}
          scroll={props.scroll}
          locale={props.locale}
          aria-label={props['aria-label']}
          rowSelection={
            props.rowSelection && {
              selectedRowKeys: props.rowSelection.selectedRowKeys,
              onChange: (keys) => props.rowSelection?.onChange(keys),
              preserveSelectedRowKeys: false,
            }
          }
        />
      </div>
    );
  }
  // a card opens on all its fields, whatever the columns chosen for the wide table
  return <RegisterCards {...props} pagination={pagination} />;
}

function RegisterCards({
  columns,
  card,
  dataSource,
  rowKey,
  loading,
  pagination,
  rowClassName,
  expanded,
  locale,
  rowSelection,
  'aria-label': label,
}: RegisterTableProps<Row>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<Key>>(new Set());
  const indexColumn = leaves(columns).find((c) => keyOfColumn(c) === 'index');
  const cardColumns = leaves(columns).filter((c) => c !== indexColumn);
  const titleKeys = card?.title ?? cardColumns.slice(0, 1).map(keyOfColumn);
  const statusKey = card?.status ?? (cardColumns.some((c) => keyOfColumn(c) === 'status') ? 'status' : undefined);
  const actionsKey = card?.actions ?? 'actions';
  const byKey = new Map(cardColumns.map((c) => [keyOfColumn(c), c]));
  const fieldKeys = card?.fields ?? [];
  const others = cardColumns.filter((c) => {
    const k = keyOfColumn(c);
    return !titleKeys.includes(k) && k !== statusKey && k !== actionsKey;
  });
  const always = others.filter((c) => fieldKeys.includes(keyOfColumn(c)));
  const rest = others.filter((c) => !fieldKeys.includes(keyOfColumn(c)));
  const keyOf = (row: Row, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row) : ((row as Record<string, Key>)[rowKey ?? 'key'] ?? index);
  const sortable = cardColumns.filter((c) => compareOf(c));
  const byDefault = sortable.find((c) => c.defaultSortOrder);
  const [sorting, setSorting] = useState<Sorting>(
    byDefault ? { key: keyOfColumn(byDefault), order: byDefault.defaultSortOrder as SortOrder } : null,
  );
  const rows = sortedBy(dataSource ?? [], cardColumns, sorting);
  const picked = new Set(rowSelection?.selectedRowKeys ?? []);
  const pick = (key: Key, on: boolean) =>
    rowSelection?.onChange(on ? [...picked, key] : [...picked].filter((k) => k !== key));
  const toggle = (key: Key) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // the page shown where the caller leaves paging to the register
  const [shown, setShown] = useState({
    page: 1,
    size: (pagination && (pagination.pageSize ?? pagination.defaultPageSize)) || 10,
  });

  const paged = pagination ? pageOf(rows, pagination, shown) : rows;
  const pagedKeys = paged.map((row, index) => keyOf(row, index));
  const pickedOnPage = pagedKeys.filter((key) => picked.has(key)).length;
  const pickPage = (on: boolean) =>
    rowSelection?.onChange(
      on ? [...new Set([...picked, ...pagedKeys])] : [...picked].filter((k) => !pagedKeys.includes(k)),
    );
  const idBase = useId();
  const renderCard = (row: Row, index: number) => {
    const key = keyOf(row, index);
    const titleId = `${idBase}-${index}`;
    const editing = expanded?.(row) === true;
    const all = open.has(key) || editing;
    const cell = (k: string) => {
      const column = byKey.get(k);
      return column ? cellOf(row, column, index) : null;
    };
    // a row being edited shows every field with its name, its inputs included
    const named = editing
      ? cardColumns.filter((c) => keyOfColumn(c) !== actionsKey)
      : all
        ? [...always, ...rest]
        : always;
    return (
      <li key={key} style={{ marginBottom: 8 }}>
        <Card
          size="small"
          className={rowClassName?.(row)}
          styles={{ header: { padding: '8px 12px' } }}
          title={
            editing ? (
              <span>
                {t('common.editingRow')} {indexColumn && cellOf(row, indexColumn, index)}
              </span>
            ) : (
              <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                {rowSelection && (
                  <Checkbox
                    checked={picked.has(key)}
                    aria-labelledby={titleId}
                    onChange={(event) => pick(key, event.target.checked)}
                  />
                )}
                <div id={titleId} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0 }}>
                  {titleKeys.map((k, i) => (
                    <div key={k} style={{ fontWeight: i === 0 ? 600 : 400 }}>
                      {cell(k)}
                    </div>
                  ))}
                </div>
              </div>
            )
          }
          extra={statusKey && !editing ? cell(statusKey) : undefined}
        >
          {named.length > 0 && (
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(6em, 40%) 1fr', gap: '4px 12px' }}>
              {named.map((column) => (
                <div key={keyOfColumn(column)} style={{ display: 'contents' }}>
                  <dt style={{ color: 'rgba(0,0,0,0.65)', overflowWrap: 'anywhere' }}>{titleOf(column)}</dt>
                  <dd style={{ margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}>{cellOf(row, column, index)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 8,
              alignItems: 'center',
              marginTop: all || always.length > 0 ? 8 : 0,
            }}
          >
            {rest.length > 0 && !editing && (
              <Button
                size="small"
                type="text"
                icon={all ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                aria-expanded={all}
                aria-describedby={titleId}
                onClick={() => toggle(key)}
              >
                {all ? t('common.less') : t('common.more')}
              </Button>
            )}
            <div style={{ marginInlineStart: 'auto' }}>{cell(actionsKey)}</div>
          </div>
        </Card>
      </li>
    );
  };

  return (
    <Spin spinning={loading === true}>
      <section aria-label={label}>
        {(sortable.length > 0 || (rowSelection && paged.length > 0)) && (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 }}>
            {rowSelection && paged.length > 0 && (
              <Checkbox
                checked={pickedOnPage === paged.length}
                indeterminate={pickedOnPage > 0 && pickedOnPage < paged.length}
                onChange={(event) => pickPage(event.target.checked)}
              >
                {t('common.selectPage')}
              </Checkbox>
            )}
            {sortable.length > 0 && (
              <Select<string>
                aria-label={t('common.sortBy')}
                placeholder={t('common.sortBy')}
                allowClear
                value={sorting ? `${sorting.key}:${sorting.order}` : undefined}
                onChange={(value) => {
                  const [key = '', order] = (value ?? '').split(':');
                  setSorting(value ? { key, order: order as SortOrder } : null);
                }}
                options={sortable.flatMap((column) => [
                  {
                    value: `${keyOfColumn(column)}:ascend`,
                    label: t('common.sortAscending', { column: titleOf(column) }),
                  },
                  {
                    value: `${keyOfColumn(column)}:descend`,
                    label: t('common.sortDescending', { column: titleOf(column) }),
                  },
                ])}
                style={{ minWidth: 200, marginInlineStart: 'auto' }}
              />
            )}
          </div>
        )}
        {paged.length === 0 ? (
          (locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{paged.map(renderCard)}</ul>
        )}
        {pagination && (
          <Pagination
            size="small"
            align="center"
            {...pagination}
            current={pagination.current ?? shown.page}
            pageSize={pagination.pageSize ?? shown.size}
            total={pagination.total ?? rows.length}
            onChange={(page, size) => {
              setShown({ page, size });
              pagination.onChange?.(page, size);
            }}
          />
        )}
      </section>
    </Spin>
  );
}
