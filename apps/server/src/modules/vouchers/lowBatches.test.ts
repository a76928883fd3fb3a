import type { Voucher } from '@it4u/shared/api';
import { describe, expect, it } from 'vitest';
import { lowBatches } from './vouchers.service.ts';

const T = Date.parse('2026-05-06T09:00:00+07:00');
let next = 0;
const voucher = (v: Partial<Voucher>): Voucher => ({
  id: String(++next),
  _id: String(next),
  code: '12345-67890',
  createTime: T,
  duration: 1440,
  quota: 1,
  used: 0,
  note: 'Hội nghị',
  up: null,
  down: null,
  byteQuota: null,
  status: 'VALID_ONE',
  ...v,
});
const many = (n: number, v: Partial<Voucher>) => Array.from({ length: n }, () => voucher(v));
const spent = { used: 1, status: 'EXPIRED' };

describe('a batch of vouchers nearly used up', () => {
  it('is one of ten or more made in the same second with the same note, with the percentage or less left', () => {
    const batch = [...many(9, spent), ...many(1, {})];
    expect(lowBatches('cafe', batch, 10)).toEqual([
      { site: 'cafe', createTime: T, note: 'Hội nghị', total: 10, left: 1 },
    ]);
    expect(lowBatches('cafe', batch, 9)).toEqual([]);
    // nine of one batch and one of another are two batches, neither watched
    expect(lowBatches('cafe', [...many(9, spent), voucher({ note: 'Khác' })], 50)).toEqual([]);
    expect(lowBatches('cafe', [...many(9, spent), voucher({ createTime: T + 1000 })], 50)).toEqual([]);
  });

  it('counts a voucher expired unused neither way, and a multi-use one with uses left as left', () => {
    // 15 made: 5 expired unused, 9 spent, 1 left of the 10 counted (10 %)
    const batch = [...many(5, { status: 'EXPIRED' }), ...many(9, spent), voucher({})];
    expect(lowBatches('cafe', batch, 10)).toMatchObject([{ total: 10, left: 1 }]);
    expect(lowBatches('cafe', batch, 9)).toEqual([]);
    // mostly expired unused: it lapsed, it is not running out
    expect(lowBatches('cafe', [...many(9, { status: 'EXPIRED' }), voucher(spent)], 99)).toEqual([]);
    expect(lowBatches('cafe', many(10, { status: 'EXPIRED' }), 99)).toEqual([]);
    // multi-use: used twice of three still lets a guest in; three of three does not
    const multi = [
      ...many(9, { quota: 3, used: 3, status: 'USED_MULTIPLE' }),
      voucher({ quota: 3, used: 2, status: 'USED_MULTIPLE' }),
    ];
    expect(lowBatches('cafe', multi, 10)).toMatchObject([{ total: 10, left: 1 }]);
    expect(lowBatches('cafe', many(10, { quota: 0, used: 40, status: 'USED_MULTIPLE' }), 99)).toEqual([]);
  });
});
