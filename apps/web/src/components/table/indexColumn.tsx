import { Tag } from 'antd';
import type { RegisterColumn } from './RegisterTable.tsx';
import type { Paging } from './usePaging.ts';

export type IndexColumnOptions = {
  /** The header, e.g. "#" or "STT". */
  title: string;
  /** The tag of the new, unsaved row. */
  newLabel: string;
  width: number;
};

/** The number of the row at `index` of the page shown, counted across pages; the new row on top is not counted. */
export function rowNumber(
  { page, pageSize }: Pick<Paging, 'page' | 'pageSize'>,
  index: number,
  withNewRow: boolean,
): number {
  return (page - 1) * pageSize + index + 1 - (withNewRow ? 1 : 0);
}

/** The row-number column of a server-paged, inline-edited table: numbers across pages, a tag on the new row. */
export function indexColumn<T extends { id: number | null }>(
  { title, newLabel, width }: IndexColumnOptions,
  paging: Pick<Paging, 'page' | 'pageSize'>,
  withNewRow: boolean,
): RegisterColumn<T> {
  return {
    key: 'index',
    title,
    width,
    align: 'center',
    fixed: 'left',
    render: (_, row, index) =>
      row.id === null ? <Tag color="blue">{newLabel}</Tag> : rowNumber(paging, index, withNewRow),
  };
}
