import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp } from '../../test/helpers.ts';
import { createVoucherUsesRepository } from './vouchers.repository.ts';

describe.each(drivers)('voucher uses on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('lets in exactly as many devices as a voucher has uses when twenty phones try it at once', async () => {
    const uses = createVoucherUsesRepository(t.database.db);
    const at = new Date(Date.UTC(2026, 4, 6, 5, 0));
    const macs = Array.from({ length: 20 }, (_, i) => `02:00:00:00:01:${i.toString(16).padStart(2, '0')}`);
    const firsts = await Promise.all(macs.map((mac) => uses.use('site1', 'v-3', mac, at, 3)));
    expect(firsts.filter((d) => d instanceof Date)).toHaveLength(3);
    expect(firsts.filter((d) => d === undefined)).toHaveLength(17);
    // the three come back with their first use; the others are still refused
    const admitted = macs.filter((_, i) => firsts[i] instanceof Date);
    for (const mac of admitted)
      expect(await uses.use('site1', 'v-3', mac, new Date(at.getTime() + 60_000), 3)).toEqual(at);
    expect(await uses.use('site1', 'v-3', '02:00:00:00:02:00', at, 3)).toBeUndefined();
    // no limit, and another voucher of the same site counted apart
    const open = await Promise.all(macs.map((mac) => uses.use('site1', 'v-open', mac, at, 0)));
    expect(open.every((d) => d instanceof Date && d.getTime() === at.getTime())).toBe(true);
    // what the register shows
    expect(await uses.counts('site1')).toEqual(
      new Map([
        ['v-3', 3],
        ['v-open', 20],
      ]),
    );
    expect(await uses.counts('site2')).toEqual(new Map());
    // the uses of vouchers gone from the controller are forgotten once they are older than the day asked
    await uses.prune('site1', ['v-3'], at);
    expect((await uses.counts('site1')).get('v-open')).toBe(20);
    await uses.prune('site1', ['v-3'], new Date(at.getTime() + 1));
    expect(await uses.counts('site1')).toEqual(new Map([['v-3', 3]]));
    await uses.prune('site1', [], new Date(at.getTime() + 1));
    expect(await uses.counts('site1')).toEqual(new Map());
  });
});
