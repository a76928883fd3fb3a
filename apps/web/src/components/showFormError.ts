import type { FormInstance } from 'antd';
import { fieldErrors } from '../api/errors.ts';

type Notice = { error: (error: unknown) => void };

/** Puts the server's per-field messages (400 `details`) under the fields, and always shows a notice. */
export function showFormError(form: FormInstance, error: unknown, notice: Notice): void {
  const fields = fieldErrors(error);
  if (fields.length > 0) form.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
  notice.error(error);
}
