import type { FormInstance } from 'antd';
import type { FieldError } from '../../api/errors.ts';

/** What useNotice gives: the error notice, and the refused fields in the reader's language. */
type Notice = { error: (error: unknown) => void; fieldErrors: (error: unknown) => FieldError[] };

/**
 * Puts the server's per-field messages (400 and 409 `details`, in the reader's language) under the fields, and always shows a notice. `fieldOf` names
 * the form field of a body field when they differ; a body field it answers undefined for is not shown under a field.
 */
export function showFormError(
  form: FormInstance,
  error: unknown,
  notice: Notice,
  fieldOf: (bodyField: string) => string | undefined = (f) => f,
): void {
  const fields = notice.fieldErrors(error).flatMap((f) => {
    const name = fieldOf(f.field);
    return name === undefined ? [] : [{ name, errors: [f.message] }];
  });
  if (fields.length > 0) form.setFields(fields);
  notice.error(error);
}
