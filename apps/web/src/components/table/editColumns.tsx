import { Form, type FormItemProps, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { RegisterColumn } from './RegisterTable.tsx';
import { rowKeyOf } from './rowEditing.ts';
import type { RowEditing } from './useRowEditing.ts';

type Column<T> = Omit<TableColumnType<T>, 'key' | 'render'> & {
  key: string;
  /** What a row shows when it is not in edit mode. */
  view: (row: T) => ReactNode;
};

type FieldColumn<T> = Column<T> & {
  /** The form field of the column; its key by default. */
  name?: string;
  rules?: FormItemProps['rules'];
  /** The input of the row in edit mode. */
  input: ReactNode;
};

type DerivedColumn<T> = Column<T> & {
  /** What the row in edit mode shows instead, e.g. what follows from its inputs. */
  edit: ReactNode;
};

/** The columns of an inline-edited table: each cell shows its value, or on the row in edit mode something else. */
export function editColumns<T extends { id: number | null }>(editing: RowEditing<T>) {
  const cell = (row: T, view: ReactNode, edit: ReactNode) => (editing.isEditing(rowKeyOf(row)) ? edit : view);
  return {
    /** A column of one form field: its input on the row in edit mode. */
    field: ({ name, rules, input, view, ...column }: FieldColumn<T>): RegisterColumn<T> => ({
      ...column,
      render: (_, row) =>
        cell(
          row,
          view(row),
          <Form.Item style={{ margin: 0 }} name={name ?? column.key} rules={rules}>
            {input}
          </Form.Item>,
        ),
    }),
    /** A column without an input: on the row in edit mode, what follows from its inputs. */
    derived: ({ edit, view, ...column }: DerivedColumn<T>): RegisterColumn<T> => ({
      ...column,
      render: (_, row) => cell(row, view(row), edit),
    }),
  };
}
