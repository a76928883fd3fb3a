import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';

const NOW = SIM_CLOCKS.noon;

/**
 * Leaving the demo: once a real controller is in use, what the demo made (its sites, its DEMO-… customers, its
 * routers' WAN history, its warehouse) is listed and removed in one step, audited, and nothing of the operator's own goes with it.
 */
describe.each(drivers)('leaving the demo, on %s', (driver) => {
  let demo: TestSimulator;
  let real: TestSimulator;
  let t: TestApp;
  let admin: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

  beforeEach(async () => {
    demo = await startTestSimulator('noon');
    real = await startTestSimulator('noon', { seed: 41 });
    t = await createTestApp(driver, { demoController: demo.config, syncDemoSites: true, now: () => NOW });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterEach(async () => {
    await t.close();
    await demo.close();
    await real.close();
  });

  it('lists what the demo made, removes it once a real controller is in use, and keeps the rest', async () => {
    const made = (await call('GET', '/it4u/demo')).json();
    expect(made.demoInUse).toBe(true);
    expect(made.customers.length).toBeGreaterThan(3);
    expect(made.customers[0].numContract).toBe('DEMO-001');
    expect(made.sites.length).toBe(made.customers.length);
    expect(made.wanSites.length).toBeGreaterThan(0);
    // its warehouse: its sites' access points issued to their customers, and one in a van
    expect(made.stockRecords).toBeGreaterThan(made.customers.length);
    // not while the demo is the controller in use
    const early = await call('DELETE', '/it4u/demo');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('demoInUse');

    // the operator's own site and customer, then their controller
    expect(
      (await call('POST', '/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' })).statusCode,
    ).toBe(201);
    const own = await call('POST', '/it4u/contracts', {
      numContract: 'HD-001',
      clientName: 'Hoa Mai',
      sitename: ['hoamai01'],
    });
    expect(own.statusCode, own.body).toBeLessThan(300);
    expect(
      (await call('POST', '/it4u/listSupplies', { itemCode: 'U6-LR', name: 'UniFi U6 LR', number: 3, value: 0 }))
        .statusCode,
    ).toBe(201);
    const issued = await call('POST', '/it4u/exportWarehouse', {
      itemCode: 'U6-LR',
      number: 1,
      value: 0,
      exportDate: NOW,
      serialNum: 'OWN-1',
      contractId: own.json().id,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const added = await call('POST', '/it4u/controllers', {
      name: 'HQ',
      url: real.config.url,
      signIn: 'account',
      username: real.config.username,
      password: real.config.password,
      verifyTls: true,
    });
    expect(added.statusCode, added.body).toBe(201);

    const left = (await call('GET', '/it4u/demo')).json();
    expect(left).toMatchObject({
      demoInUse: false,
      customers: made.customers,
      sites: made.sites,
      wanSites: made.wanSites,
      stockRecords: made.stockRecords,
    });
    // administrators only
    const lead = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
    expect((await call('DELETE', '/it4u/demo', undefined, lead)).statusCode).toBe(403);

    const removed = await call('DELETE', '/it4u/demo');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      sites: made.sites.length,
      customers: made.customers.length,
      wanSites: made.wanSites.length,
      stockRecords: made.stockRecords,
    });
    expect((await call('GET', '/it4u/demo')).json()).toEqual({
      demoInUse: false,
      sites: [],
      customers: [],
      wanSites: [],
      stockRecords: 0,
    });
    // the operator's own are still there
    const sites = (await call('GET', '/it4u/getSitename/')).json() as { idname: string }[];
    expect(sites.map((s) => s.idname)).toContain('hoamai01');
    for (const s of made.sites) expect(sites.map((x) => x.idname)).not.toContain(s.idname);
    const contracts = rowsOf<{ n: string }>(await t.database.db.execute(sql`select num_contract as n from contracts`));
    expect(contracts.map((c) => c.n)).toEqual(['HD-001']);
    const stock = rowsOf<{ serial: string }>(
      await t.database.db.execute(sql`select serial_num as serial from stock_records`),
    );
    expect(stock.map((r) => r.serial)).toEqual(['OWN-1']);
    const items = rowsOf<{ code: string }>(
      await t.database.db.execute(sql`select item_code as code from supply_items`),
    );
    expect(items.map((r) => r.code)).toEqual(['U6-LR']);
    const [audit] = rowsOf<{ details: { customers: number } }>(
      await t.database.db.execute(sql`select details from audit_events where event = 'demo.removed'`),
    );
    expect(audit?.details.customers).toBe(made.customers.length);
    // again: nothing left, nothing removed
    expect((await call('DELETE', '/it4u/demo')).json()).toEqual({
      sites: 0,
      customers: 0,
      wanSites: 0,
      stockRecords: 0,
    });
  });
});
