import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, pushWan, setDeviceToken, type TestApp, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';
import { createContractsRepository } from '../contracts/contracts.repository.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const NOW = SIM_CLOCKS.noon;
const TOKEN = 'router-token-controller-1';

type Json = Record<string, unknown>;

/**
 * The report beside a controller (the simulator): each site's access points connected and disconnected, a row down
 * when one is disconnected (`apdisconnected` above 0) whatever its links, and the customer of the
 * site's contract in the contracts register.
 */
describe.each(drivers)('the customer report with a controller, on %s', (driver) => {
  let sim: TestSimulator;
  let t: TestApp;
  let staff: Record<string, string>;
  /** the simulator's short name and access points of the site of that description */
  const simSite = (desc: string) => {
    const site = sim.sim.state.sites.find((s) => s.desc === desc);
    if (!site) throw new Error(desc);
    return site;
  };

  beforeAll(async () => {
    sim = await startTestSimulator('noon');
    // one access point of the café goes down before the console first reads the controller
    const cafe = simSite('Cafe Sài Gòn');
    sim.sim.setDeviceConnected(cafe.name, cafe.devices[0]?.mac ?? '', false);
    t = await createTestApp(driver, { demoController: sim.config, now: () => NOW });
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    staff = (await tokenFor(t, ['ROLE_CSKH'])).headers;
    await setDeviceToken(t, admin, TOKEN);
    // the site names of three of the controller's sites, and a contract for two of them
    const names = createSitesRepository(t.database.db);
    const contracts = createContractsRepository(t.database.db);
    const ids: Record<string, number> = {};
    for (const desc of ['Cafe Sài Gòn', 'Văn phòng Quận 1', 'Kho hàng Bình Dương'])
      ids[desc] = (await names.insert({ sitename: desc, idname: simSite(desc).name })).id;
    const contract = (numContract: string, clientName: string) => ({
      customId: '',
      numContract,
      clientName,
      companyName: '',
      phone: '',
      street: '',
      servicePlans: '',
      segment: '',
    });
    await contracts.insert(contract('HD-2026-001', 'Công ty Cà Phê Sài Gòn'), [ids['Cafe Sài Gòn'] as number]);
    await contracts.insert(contract('HD-2026-002', 'Văn phòng Luật Quận 1'), [ids['Văn phòng Quận 1'] as number]);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const push = async (body: Json) => {
    const res = await pushWan(t, TOKEN, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const report = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/customer_info', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json[];
  };

  it("counts each site's access points, marks a site down when one is disconnected, names the contract's customer", async () => {
    const up = (sitename: string) => ({
      sitename,
      groupClient: 'FTTH',
      wan1Provider: 'VNPT',
      wan1Ip: '14.160.2.2',
      wan1Status: 1,
      wan1Uptime: 3600,
    });
    // the café by its description, the office by its short name: both found in the site names
    expect(await push(up('Cafe Sài Gòn'))).toMatchObject({ known: true });
    const office = simSite('Văn phòng Quận 1');
    expect(await push(up(office.name))).toMatchObject({ known: true });
    // the warehouse registered by hand, no push yet (stale); all its access points are down
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/customerSite',
      headers: (await tokenFor(t, ['ROLE_KT'])).headers,
      payload: { sitename: 'Kho hàng Bình Dương', groupClient: 'FTTH' },
    });
    expect(added.statusCode, added.body).toBe(201);

    const rows = await report();
    const row = (sitename: string) => rows.find((r) => r.sitename === sitename);
    const cafe = simSite('Cafe Sài Gòn');
    // every link up, one access point disconnected: down
    expect(row('Cafe Sài Gòn')).toMatchObject({
      idname: cafe.name,
      customer: 'Công ty Cà Phê Sài Gòn',
      apconnected: cafe.devices.length - 1,
      apdisconnected: 1,
      wan1Status: 1,
      stale: false,
      down: true,
    });
    // every link up, every access point connected: not down
    expect(row(office.name)).toMatchObject({
      idname: office.name,
      customer: 'Văn phòng Luật Quận 1',
      apconnected: office.devices.length,
      apdisconnected: 0,
      stale: false,
      down: false,
    });
    // no push for 12 minutes (none at all) says nothing of the links, but the access points still count; no contract
    const kho = simSite('Kho hàng Bình Dương');
    expect(sim.sim.siteStatuses()[kho.name]).toBe('error');
    expect(row('Kho hàng Bình Dương')).toMatchObject({
      customer: null,
      apconnected: 0,
      apdisconnected: kho.devices.length,
      wan1Status: null,
      stale: true,
      down: true,
    });

    // the view says the same
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/it4u/${row('Cafe Sài Gòn')?.id}/customer_info`,
      headers: staff,
    });
    expect(detail.json()).toMatchObject({
      customer: 'Công ty Cà Phê Sài Gòn',
      apconnected: cafe.devices.length - 1,
      apdisconnected: 1,
      down: true,
    });
  });
});
