import type { CustomerPage, CustomerRow, Timeline, TimelineEntry } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, pushWan, setDeviceToken, type TestApp, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const NOW = SIM_CLOCKS.noon;
const HOUR = 3_600_000;
const TOKEN = 'router-token-customers-1';

type Who = Awaited<ReturnType<typeof tokenFor>>;

/**
 * One customer, one page (issue 27 §1): each part read from its area, each part and timeline kind shown to whom may
 * read its register, a customer only their own contract.
 */
describe.each(drivers)("a customer's page on %s", (driver) => {
  let sim: TestSimulator;
  let t: TestApp;
  let kt: Who;
  let office: Who;
  let customer: Who;
  let mine: number;
  let other: number;
  let cafe: string;
  let officeSite: string;

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });
  const ok = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const page = (who: Who, id = mine) => ok(who, 'GET', `/it4u/customers/${id}`) as Promise<CustomerPage>;
  const timeline = (who: Who, query = '', id = mine) =>
    ok(who, 'GET', `/it4u/customers/${id}/timeline?${query}`) as Promise<Timeline>;

  beforeAll(async () => {
    sim = await startTestSimulator('noon');
    const simSite = (desc: string) => {
      const site = sim.sim.state.sites.find((s) => s.desc === desc);
      if (!site) throw new Error(desc);
      return site;
    };
    const cafeSite = simSite('Cafe Sài Gòn');
    cafe = cafeSite.name;
    officeSite = simSite('Văn phòng Quận 1').name;
    // an access point of the café is down
    sim.sim.setDeviceConnected(cafe, cafeSite.devices[0]?.mac ?? '', false);
    t = await createTestApp(driver, { demoController: sim.config, now: () => NOW });
    const admin = await tokenFor(t, ['ROLE_ADMIN']);
    kt = await tokenFor(t, ['ROLE_KT']);
    office = await tokenFor(t, ['ROLE_CSKH']);
    await setDeviceToken(t, admin.headers, TOKEN);
    const names = createSitesRepository(t.database.db);
    const ids: Record<string, number> = {};
    for (const desc of ['Cafe Sài Gòn', 'Văn phòng Quận 1', 'Kho hàng Bình Dương'])
      ids[desc] = (await names.insert({ sitename: desc, idname: simSite(desc).name })).id;
    customer = await tokenFor(t, ['ROLE_KH'], {
      type: 'Client',
      siteIds: [ids['Cafe Sài Gòn'] as number, ids['Văn phòng Quận 1'] as number],
    });
    mine = (
      await ok(kt, 'POST', '/it4u/contracts', {
        numContract: 'HD-KH-1',
        clientName: 'Công ty Cà Phê Sài Gòn',
        phone: '0903 111 222',
        sitename: [cafe, officeSite],
      })
    ).id;
    other = (
      await ok(kt, 'POST', '/it4u/contracts', {
        numContract: 'HD-KH-2',
        clientName: 'Kho Bình Dương',
        sitename: [simSite('Kho hàng Bình Dương').name],
      })
    ).id;

    // the café's router: both links up, then the second down an hour ago
    const push = (wan2Status: number) =>
      pushWan(t, TOKEN, {
        sitename: cafe,
        groupClient: 'FTTH',
        wan1Provider: 'VNPT',
        wan1Ip: '14.160.2.2',
        wan1Status: 1,
        wan2Provider: 'Viettel',
        wan2Ip: '27.72.1.1',
        wan2Status,
      });
    expect((await push(1)).statusCode).toBe(200);
    expect((await push(0)).statusCode).toBe(200);
    // a leased channel, equipment, a device row, vouchers, a contract change
    const channel = await ok(kt, 'POST', '/it4u/channel/attribute', { name: 'Kênh Cà Phê', customer: 'Cà Phê' });
    await ok(kt, 'POST', '/it4u/channel/detail', {
      channelAttributeId: channel.id,
      contractId: mine,
      ipAddress: '10.1.1.1',
    });
    await ok(kt, 'PUT', `/it4u/channel/attribute.${channel.id}`, { name: 'Kênh Cà Phê', status: 'online' });
    await ok(kt, 'POST', '/it4u/listSupplies', { itemCode: 'U6-LR', name: 'UniFi U6 LR', number: 0, value: 0 });
    await ok(kt, 'POST', '/it4u/exportWarehouse', {
      exportDate: NOW - 48 * HOUR,
      itemCode: 'U6-LR',
      number: 1,
      value: 0,
      serialNum: 'SN-CAFE-1',
      mac: 'aa:bb:cc:00:00:01',
      contractId: mine,
    });
    await ok(kt, 'POST', '/it4u/clientDeviceInf', {
      sitenameId: ids['Cafe Sài Gòn'],
      ipWan1: '14.160.2.2',
      passWan1: 's3cret!',
    });
    await ok(kt, 'POST', `/it4u/${cafe}/createVoucher`, { n: 2, quota: 1, expire: 480, note: 'Khách' });
    await ok(kt, 'PUT', `/it4u/contracts/${mine}`, {
      numContract: 'HD-KH-1',
      clientName: 'Công ty Cà Phê Sài Gòn',
      phone: '0903 999 000',
      sitename: [cafe, officeSite],
    });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('lists every customer for staff, and only their own for a customer', async () => {
    const all = (await ok(office, 'GET', '/it4u/customers?q=HD-KH')) as { items: CustomerRow[]; total: number };
    expect(all.items.map((c) => c.numContract)).toEqual(['HD-KH-1', 'HD-KH-2']);
    expect(all.items[0]?.sites.map((s) => s.idname).sort()).toEqual([cafe, officeSite].sort());
    const own = (await ok(customer, 'GET', '/it4u/customers')) as { items: CustomerRow[]; total: number };
    expect(own).toMatchObject({ total: 1, items: [{ id: mine }] });
    expect((await call(customer, 'GET', `/it4u/customers/${other}`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/it4u/customers/${other}/timeline`)).statusCode).toBe(404);
    expect((await call(kt, 'GET', '/it4u/customers/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/customers' })).statusCode).toBe(401);
  });

  it("gives a technician every part: sites' wifi, links, channels, equipment, devices (masked), sessions, vouchers", async () => {
    const p = await page(kt);
    expect(p.contract).toMatchObject({ numContract: 'HD-KH-1', phone: '0903 999 000' });
    const site = p.sites.find((s) => s.idname === cafe);
    expect(site).toMatchObject({ apsDown: 1, error: null });
    expect(site?.down).toHaveLength(1);
    expect(p.wanLinks?.map((w) => w.idname)).toEqual([cafe]);
    expect(p.wanLinks?.[0]?.links.map((l) => [l.provider, l.state])).toEqual([
      ['VNPT', 'up'],
      ['Viettel', 'down'],
    ]);
    expect(p.channels).toMatchObject([{ name: 'Kênh Cà Phê', status: 'online', ipAddress: '10.1.1.1' }]);
    expect(p.equipment).toMatchObject([{ itemCode: 'U6-LR', serialNum: 'SN-CAFE-1', status: 'Đang sử dụng' }]);
    expect(p.deviceInfo).toHaveLength(1);
    expect(JSON.stringify(p.deviceInfo)).not.toContain('s3cret!');
    expect(p.terminalSessions).toEqual([]);
    expect(p.vouchers.find((v) => v.site === cafe)?.total).toBeGreaterThanOrEqual(2);
    expect(p.timelineKinds).toContain('deviceInfo');
  });

  it('leaves out what an office role or a customer may not read of the registers', async () => {
    const o = await page(office);
    expect([o.wanLinks === null, o.channels, o.equipment, o.deviceInfo, o.terminalSessions]).toEqual([
      false,
      null,
      null,
      null,
      null,
    ]);
    const c = await page(customer);
    expect([c.wanLinks, c.channels, c.deviceInfo, c.terminalSessions]).toEqual([null, null, null, null]);
    expect(c.equipment).toHaveLength(1);
    expect(c.timelineKinds.sort()).toEqual(['accessPoint', 'equipment', 'vouchers']);
  });

  it('merges one timeline, newest first, by kind, paged without losing or repeating an entry', async () => {
    const all = await timeline(kt, 'limit=200');
    expect(all.next).toBeNull();
    const whats = all.entries.map((e) => e.what);
    for (const what of [
      'wan.down',
      'wan.up',
      'accessPoint.down',
      'channel.status',
      'equipment.out',
      'deviceInfo.create',
      'voucher.create',
      'contract.update',
    ])
      expect(whats, what).toContain(what);
    const times = all.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.entries.find((e) => e.what === 'channel.status')?.facts).toMatchObject({
      from: 'offline',
      to: 'online',
    });
    expect(all.entries.find((e) => e.what === 'wan.down')?.facts).toMatchObject({ provider: 'Viettel', site: cafe });

    const seen: TimelineEntry[] = [];
    let before: number | null | undefined;
    for (let i = 0; i < 50 && before !== null; i++) {
      const next = await timeline(kt, `limit=2${before === undefined ? '' : `&before=${before}`}`);
      seen.push(...next.entries);
      before = next.next;
    }
    expect(seen.map((e) => e.key)).toEqual(all.entries.map((e) => e.key));

    const wan = await timeline(kt, 'kinds=wan');
    expect(new Set(wan.entries.map((e) => e.kind))).toEqual(new Set(['wan']));
  });

  it('gives a customer only the kinds theirs to read, whatever they ask', async () => {
    const own = await timeline(customer, 'kinds=deviceInfo,contract,wan,settings');
    expect(own.entries).toEqual([]);
    const kinds = new Set((await timeline(customer)).entries.map((e) => e.kind));
    expect([...kinds].every((k) => ['accessPoint', 'equipment', 'vouchers'].includes(k))).toBe(true);
    expect(kinds.has('equipment')).toBe(true);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of ['limit=0', 'limit=201', 'before=-1', 'kinds=<script>', 'limit=1.5'])
      expect((await call(kt, 'GET', `/it4u/customers/${mine}/timeline?${q}`)).statusCode, q).toBe(400);
    expect((await call(kt, 'GET', '/it4u/customers/abc')).statusCode).toBe(400);
  });
});
