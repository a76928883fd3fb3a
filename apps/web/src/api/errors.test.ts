import {
  API_ERRORS,
  type ApiErrorCode,
  apiErrorText,
  FIELD_PROBLEMS,
  type FieldProblemCode,
  fieldProblemText,
} from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { HttpError } from './client.ts';
import { errorText, fieldErrors } from './errors.ts';

const params = {
  fields: 'itemCode',
  field: 'channelAttributeId',
  where: 'body',
  method: 'GET',
  path: '/x',
  sites: 'abc',
  value: 'X-1',
  count: 3,
  reason: 'ECONNREFUSED',
  seconds: 10,
  site: 'hoamai',
  flavor: 'classic',
  limit: 100,
  type: 'string',
  allowed: 'a, b',
  bytes: 38,
  day: 'mon',
  dayName: 'Monday',
  max: 5,
  expected: '16:10',
  width: 1600,
  height: 900,
  wan: 2,
  version: '6.4.10',
  min: 0,
  response: '250 2.0.0 OK',
  service: 'gmail',
  minutes: 60,
  line: 3,
  text: 'x y',
  fingerprint: 'SHA256:abc',
  pinned: 'SHA256:old',
  host: '10.0.0.1',
  address: '10.0.0.1',
  port: 4949,
  username: 'root',
  name: 'Miền Nam',
  days: 400,
  serial: 'SN-1',
  customer: 'Nhà hàng Sen',
  on: '05-03-2024',
};

describe('error codes of the API', () => {
  const en = i18n.getFixedT('en');
  const vi = i18n.getFixedT('vi');

  it('every code the server can answer is said in English as the server says it, and in Vietnamese', () => {
    for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) {
      expect(i18n.exists(`apiErrors.${code}`, { lng: 'en' }), code).toBe(true);
      expect(i18n.exists(`apiErrors.${code}`, { lng: 'vi' }), code).toBe(true);
      expect(en(`apiErrors.${code}`, { ...params, interpolation: { escapeValue: false } }), code).toBe(
        apiErrorText(code, params),
      );
      const text = vi(`apiErrors.${code}`, { ...params, interpolation: { escapeValue: false } });
      expect(text, code).not.toMatch(/\{\{|apiErrors\./);
      expect(text, code).not.toBe(apiErrorText(code, params));
    }
  });

  it('every field problem too', () => {
    for (const code of Object.keys(FIELD_PROBLEMS) as FieldProblemCode[]) {
      expect(en(`fieldProblems.${code}`, params), code).toBe(fieldProblemText(code, params));
      expect(i18n.exists(`fieldProblems.${code}`, { lng: 'vi' }), code).toBe(true);
      expect(vi(`fieldProblems.${code}`, params), code).not.toMatch(/\{\{|fieldProblems\./);
    }
  });

  it("writes a quantity as the reader's language writes numbers, a port as it is", () => {
    const over = new HttpError({
      statusCode: 400,
      error: 'Bad Request',
      code: 'voucherOverControllerLimit',
      params: { min: 2, max: 100_000 },
      message: "This controller's official API takes a value from 2 to 100000 here: enter one within those bounds.",
    });
    expect(errorText(over, en)).toContain('from 2 to 100,000 here');
    expect(errorText(over, vi)).toContain('từ 2 đến 100.000 ở đây');
    const unreachable = new HttpError({
      statusCode: 502,
      error: 'Bad Gateway',
      code: 'terminalUnreachable',
      params: { host: '10.0.0.1', port: 14949, reason: 'ECONNREFUSED' },
      message: '10.0.0.1:14949 cannot be reached (ECONNREFUSED).',
    });
    expect(errorText(unreachable, vi)).toContain('10.0.0.1:14949');
  });

  it("says a weekday the server names in English in the reader's language", () => {
    const overlap = new HttpError({
      statusCode: 400,
      error: 'Bad Request',
      code: 'scheduleOverlap',
      params: { day: 'tue', dayName: 'Tuesday' },
      message: 'Two schedule windows of the same day overlap (Tuesday).',
    });
    expect(errorText(overlap, vi)).toBe('Hai khung giờ trong cùng một ngày bị chồng lên nhau (Thứ Ba).');
    expect(errorText(overlap, en)).toBe('Two schedule windows of the same day overlap (Tuesday).');
  });

  it("says an answer in the reader's language, never the server's English sentence", () => {
    const taken = new HttpError({
      statusCode: 409,
      error: 'Conflict',
      code: 'usernameTaken',
      message: 'Username is already taken!',
      details: [{ field: 'username', code: 'usernameTaken', message: 'Username is already taken!' }],
    });
    expect(errorText(taken, vi)).toBe('Tên đăng nhập đã được sử dụng!');
    expect(errorText(taken, en)).toBe('Username is already taken!');
    expect(fieldErrors(taken, vi)).toEqual([{ field: 'username', message: 'Tên đăng nhập đã được sử dụng!' }]);
    const invalid = new HttpError({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalidFields',
      params: { fields: 'note' },
      message: 'Some fields are not valid: note.',
      details: [{ field: 'note', code: 'tooLong', params: { limit: 200 }, message: 'note must be at most 200' }],
    });
    expect(fieldErrors(invalid, vi)).toEqual([{ field: 'note', message: 'tối đa 200 ký tự' }]);
    expect(errorText(invalid, vi)).toBe('note: tối đa 200 ký tự');
  });
});
