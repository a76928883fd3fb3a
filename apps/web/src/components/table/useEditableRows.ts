import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../feedback/useNotice.ts';
import { showFormError } from '../form/showFormError.ts';
import type { Paging } from './usePaging.ts';
import { useRowEditing } from './useRowEditing.ts';

type Options<T, F> = {
  paging: Paging;
  /** The form values of a row put in edit mode. */
  toFormValues: (row: T) => F;
  /** The form field of a body field named by the server's 400 (undefined: not a field of the row). */
  fieldOf?: (bodyField: string) => string | undefined;
};

/**
 * A server-paged table edited in place (inline row editing, see rowEditing.ts): the row form, the one row in edit mode, and the
 * steps every such table takes: edit, add, cancel, validate, saved, delete, and a refused save shown on its fields.
 */
export function useEditableRows<T extends { id: number | null }, F>({ paging, toFormValues, fieldOf }: Options<T, F>) {
  const { t } = useTranslation();
  const notice = useNotice();
  const editing = useRowEditing<T>();
  const [form] = Form.useForm<F>();
  const fill = (row: T) => {
    form.resetFields();
    form.setFieldsValue(toFormValues(row) as Parameters<typeof form.setFieldsValue>[0]);
  };
  return {
    form,
    editing,
    startEdit(row: T) {
      if (row.id === null) return;
      fill(row);
      editing.edit(row.id);
    },
    addRow(row: T) {
      fill(row);
      editing.add(row);
    },
    cancel() {
      form.resetFields();
      editing.cancel();
    },
    /** The row's values once every field is valid; null when one is not (its message shows under it). */
    async validValues(): Promise<F | null> {
      try {
        await form.validateFields();
      } catch {
        return null;
      }
      return form.getFieldsValue(true) as F;
    },
    saved(row: T) {
      notice.success(t(row.id === null ? 'notices.added' : 'notices.saved'));
      form.resetFields();
      editing.saved();
    },
    showSaveError: (error: unknown) => showFormError(form, error, notice, fieldOf),
    /** Deletes a saved row; `rowsOnPage` moves back a page when its last row goes. */
    deleteRow(row: T, remove: (id: number) => Promise<unknown>, rowsOnPage: number) {
      if (row.id === null) return undefined;
      return remove(row.id).then(
        () => {
          notice.success(t('notices.deleted'));
          paging.afterDelete(rowsOnPage);
        },
        (error: unknown) => notice.error(error),
      );
    },
  };
}
