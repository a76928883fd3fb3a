import { screen, waitFor } from '@testing-library/react';

/**
 * Waits until the error said under a form field, found by the field's label, is this one: antd's help beside the
 * input (`<id>_help`). A refusal that a notice says as well is looked for where the reader fills the field in.
 */
export async function expectFieldError(label: string | RegExp, said: string): Promise<void> {
  await waitFor(() => {
    const input = screen.getByLabelText(label);
    const help = document.getElementById(`${input.id}_help`);
    const errors = [...(help?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((e) => e.textContent);
    if (errors.join('\n') !== said)
      throw new Error(`under "${String(label)}": ${JSON.stringify(errors)}, not "${said}"`);
  });
}
