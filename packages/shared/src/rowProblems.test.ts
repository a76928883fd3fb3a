import { describe, expect, it } from 'vitest';
import { problemText, rowError } from './rowProblems.ts';

describe('row problems', () => {
  it('are said in English with their field and values', () => {
    expect(problemText({ code: 'missing', params: { field: 'numContract' } })).toBe('the contract number is missing');
    expect(problemText({ code: 'wholeNumber', params: { field: 'quantity', min: 1 } })).toBe(
      'the quantity must be a whole number of at least 1',
    );
    expect(problemText({ code: 'unknownServicePack', params: { provider: 'VNPT', value: 'X' } })).toBe(
      'the provider VNPT has no service pack "X"',
    );
  });

  it('make one row error of all the problems of a row', () => {
    const error = rowError(4, [{ code: 'noRows' }, { code: 'notAMac', params: { value: 'zz' } }]);
    expect(error).toEqual({
      row: 4,
      reason: 'the spreadsheet has no rows; "zz" is not a MAC address',
      problems: [{ code: 'noRows' }, { code: 'notAMac', params: { value: 'zz' } }],
    });
  });
});
