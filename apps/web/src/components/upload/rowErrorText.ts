import type { RowError, RowProblem } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** One problem of an uploaded row in the reader's language; its field is named in that language too. */
export function rowProblemText(problem: RowProblem, t: TFunction): string {
  const params = { ...problem.params } as Record<string, unknown>;
  if (problem.params?.field) params.field = t(`common.rowProblem.field.${problem.params.field}`);
  return t(`common.rowProblem.${problem.code}`, params);
}

/** A bad row's problems in the reader's language; the server's English text when it sent no problem codes. */
export function rowErrorText(error: RowError, t: TFunction): string {
  return error.problems?.length ? error.problems.map((p) => rowProblemText(p, t)).join('; ') : error.reason;
}
