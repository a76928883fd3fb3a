// The official API's filter syntax, as the OpenAPI file's "Filtering" section writes it (see filter.ts).
import { describe, expect, it } from 'vitest';
import { parseFilter } from './filter.ts';

const item = {
  name: "it's guest7",
  count: 3,
  expired: false,
  createdAt: '2025-01-29T12:39:11Z',
  access: { type: 'GUEST' },
  note: null,
};

describe("the official API's filter", () => {
  it.each([
    ["name.eq('it''s guest7')", true],
    ["name.like('it''s guest.')", true],
    ["name.like('guest*')", false],
    ['count.ge(3)', true],
    ['count.gt(3)', false],
    ['count.in(1, 2, 3)', true],
    ['count.notIn(1, 2, 3)', false],
    ['expired.eq(false)', true],
    ['createdAt.gt(2025-01-01)', true],
    ['createdAt.lt(2025-01-29T12:00:00Z)', false],
    ["access.type.eq('GUEST')", true],
    ['note.isNull()', true],
    ["and(count.eq(3), access.type.ne('GUEST'))", false],
    ["or(count.eq(4), not(access.type.ne('GUEST')))", true],
  ])('%s is %s', (text, expected) => {
    expect(parseFilter(text)(item)).toBe(expected);
  });

  it.each([
    "name.eq('open",
    'name.eq()',
    'name.isNull(1)',
    'name.matches(1)',
    'and(count.eq(3))',
    'count.eq(3) trailing',
    'count.eq(three)',
  ])('refuses %s', (text) => {
    expect(() => parseFilter(text)).toThrow(/invalid filter/);
  });
});
