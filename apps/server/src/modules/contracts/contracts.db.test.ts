import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes } from '../../lib/audit.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';

describe('an audit line’s changes', () => {
  it('names the changed fields with their values before and after, and a secret only as changed', () => {
    expect(
      changes(
        { phone: '0903', street: 'Lê Lợi', passWan1: 'a', sites: ['x'] },
        { phone: '0912', street: 'Lê Lợi', passWan1: 'b', sites: ['x', 'y'] },
        ['passWan1'],
      ),
    ).toEqual({ phone: ['0903', '0912'], passWan1: ['(changed)'], sites: [['x'], ['x', 'y']] });
  });
});

/** Every write of the contracts register leaves its audit line, in the same transaction: a refused write leaves none. */
describe.each(drivers)('the contracts register’s audit trail on %s', (driver) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof tokenFor>>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    staff = await tokenFor(t, ['ROLE_KT']);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: staff.headers, payload });
  const audits = async () =>
    rowsOf<{ event: string; target: string; details: Record<string, unknown>; actor_id: number }>(
      await t.database.db.execute(
        sql`select event, target, details, actor_id from audit_events where event like 'contract.%' order by id`,
      ),
    );

  it('audits a contract made, changed (the fields changed, before and after) and deleted, and nothing refused', async () => {
    await call('POST', '/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    const made = await call('POST', '/it4u/contracts', {
      numContract: 'HD-A1',
      clientName: 'Khách sạn Hoa Mai',
      phone: '0903 000 111',
      sitename: ['hoamai01'],
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    await call('POST', '/it4u/contracts', { numContract: 'HD-A2', clientName: 'Cafe Sen' });
    const [created] = await audits();
    expect(created).toMatchObject({
      event: 'contract.create',
      target: `contract:${id}`,
      actor_id: staff.user.id,
      details: { numContract: 'HD-A1', phone: '0903 000 111', sites: ['hoamai01'] },
    });

    const changed = await call('PUT', `/it4u/contracts/${id}`, {
      numContract: 'HD-A1',
      clientName: 'Khách sạn Hoa Mai',
      phone: '0912 999 888',
      sitename: ['hoamai01'],
    });
    expect(changed.statusCode).toBe(200);
    expect((await audits()).at(-1)).toMatchObject({
      event: 'contract.update',
      details: { changed: { phone: ['0903 000 111', '0912 999 888'] } },
    });
    expect(Object.keys((await audits()).at(-1)?.details.changed as object)).toEqual(['phone']);

    // refused (another contract's number): nothing changed, nothing audited
    const count = (await audits()).length;
    const taken = await call('PUT', `/it4u/contracts/${id}`, { numContract: 'HD-A2', clientName: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(await audits()).toHaveLength(count);

    expect((await call('DELETE', `/it4u/contracts/${id}`)).statusCode).toBe(200);
    expect((await audits()).at(-1)).toMatchObject({
      event: 'contract.delete',
      target: `contract:${id}`,
      details: { numContract: 'HD-A1', clientName: 'Khách sạn Hoa Mai' },
    });
  });
});
