import { problemText, ROW_PROBLEM_FIELDS, ROW_PROBLEMS, type RowProblem, type RowProblemCode } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { rowErrorText } from './rowErrorText.ts';

const sample = (code: RowProblemCode): RowProblem => ({
  code,
  params: {
    field: 'deployRequestDate',
    value: 'X-1',
    column: 'Tên',
    min: 1,
    row: 4,
    allowed: 'a, b',
    provider: 'VNPT',
    limit: 100,
  },
});

describe('row errors of an upload', () => {
  it('say every problem the server can send in English as the server does, and in Vietnamese', () => {
    const en = i18n.getFixedT('en');
    const vi = i18n.getFixedT('vi');
    for (const code of Object.keys(ROW_PROBLEMS) as RowProblemCode[]) {
      const error = { row: 2, reason: '', problems: [sample(code)] };
      expect(rowErrorText(error, en), code).toBe(problemText(sample(code)));
      expect(i18n.exists(`common.rowProblem.${code}`, { lng: 'vi' }), code).toBe(true);
      expect(rowErrorText(error, vi), code).not.toMatch(/common\.rowProblem|\{\{/);
    }
    for (const field of Object.keys(ROW_PROBLEM_FIELDS)) {
      expect(i18n.exists(`common.rowProblem.field.${field}`, { lng: 'vi' }), field).toBe(true);
    }
  });

  it('join the problems of a row, named in the language of the reader', () => {
    const error = {
      row: 3,
      reason: 'unknown provider "Nobody"; the contract number is missing',
      problems: [
        { code: 'unknownProvider', params: { value: 'Nobody' } },
        { code: 'missing', params: { field: 'numContract' } },
      ] satisfies RowProblem[],
    };
    expect(rowErrorText(error, i18n.getFixedT('vi'))).toBe('nhà cung cấp không tồn tại "Nobody"; thiếu số hợp đồng');
    expect(rowErrorText({ ...error, problems: [] }, i18n.getFixedT('vi'))).toBe(error.reason);
  });
});
