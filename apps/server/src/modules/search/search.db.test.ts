import type { SearchResult } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, pushWan, setDeviceToken, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { searchTerms } from './search.service.ts';

type Who = Awaited<ReturnType<typeof tokenFor>>;

describe('the search terms', () => {
  it('fold marks and case into words in any order, and take a MAC in any notation as stored and as typed', () => {
    expect(searchTerms('  Khách Sạn HOA MÀI ')).toEqual([['khach', 'san', 'hoa', 'mai']]);
    expect(searchTerms('Đà Nẵng  đà')).toEqual([['da', 'nang']]);
    // twelve hex digits: a MAC, or a serial of the same digits
    expect(searchTerms('EE859953F570')).toEqual([['ee:85:99:53:f5:70'], ['ee859953f570']]);
    expect(searchTerms('aabb.ccdd.eeff')).toEqual([['aa:bb:cc:dd:ee:ff']]);
    expect(searchTerms('AA:BB:CC:DD:EE:FF')).toEqual([['aa:bb:cc:dd:ee:ff']]);
    expect(searchTerms('aa-bb-cc')).toEqual([['aa:bb:cc']]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(1);
    expect(searchTerms('a b c d e f g h i j')[0]).toHaveLength(8);
  });
});

/** The search box (issue 27 §2): every register by its trigram index, grouped, within what the caller may read. */
describe.each(drivers)('the search box on %s', (driver) => {
  let t: TestApp;
  let admin: Who;
  let kt: Who;
  let office: Who;
  let customer: Who;
  let mine: number;
  let other: number;

  const ok = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const search = async (who: Who, q: string) => {
    const r = (await ok(who, 'GET', `/it4u/search?q=${encodeURIComponent(q)}`)) as SearchResult;
    return Object.fromEntries(r.groups.map((g) => [g.kind, g.hits.map((h) => [h.title, h.to])]));
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    kt = await tokenFor(t, ['ROLE_KT']);
    office = await tokenFor(t, ['ROLE_CSKH']);
    const names = createSitesRepository(t.database.db);
    const hoaMai = await names.insert({ sitename: 'Khách sạn Hoa Mài', idname: 'hoamai01' });
    const bien = await names.insert({ sitename: 'Nhà hàng Biển Xanh', idname: 'bienxanh' });
    // the same words apart and in another order: found, after the site that holds them as typed
    await names.insert({ sitename: 'Cafe Mai và Hoa', idname: 'cafemai' });
    customer = await tokenFor(t, ['ROLE_KH'], { type: 'Client', siteIds: [hoaMai.id] });
    mine = (
      await ok(kt, 'POST', '/it4u/contracts', {
        numContract: 'HD-HM-01',
        clientName: 'Khách sạn Hoa Mài',
        phone: '0903 111 222',
        sitename: ['hoamai01'],
      })
    ).id;
    other = (
      await ok(kt, 'POST', '/it4u/contracts', {
        numContract: 'HD-BX-01',
        clientName: 'Biển Xanh',
        sitename: ['bienxanh'],
      })
    ).id;
    await ok(kt, 'POST', '/it4u/listSupplies', { itemCode: 'U6', name: 'UniFi U6', number: 0, value: 0 });
    const out = (serialNum: string, mac: string, contractId: number) =>
      ok(kt, 'POST', '/it4u/exportWarehouse', {
        exportDate: Date.UTC(2026, 4, 1),
        itemCode: 'U6',
        number: 1,
        value: 0,
        serialNum,
        mac,
        contractId,
      });
    await out('SN-HOAMAI-1', 'aa:bb:cc:dd:ee:01', mine);
    await out('SN-BIEN-1', 'aa:bb:cc:dd:ee:02', other);
    // a serial of twelve hex digits, as scanned from a box
    await out('EE859953F570', 'aa:bb:cc:dd:ee:03', other);
    const channel = await ok(kt, 'POST', '/it4u/channel/attribute', {
      name: 'Kênh Hoa Mài',
      usernamePPPoE: 'hoamai_pppoe',
    });
    await ok(kt, 'POST', '/it4u/channel/detail', { channelAttributeId: channel.id, contractId: mine });
    await ok(kt, 'POST', '/it4u/clientDeviceInf', { contractId: mine, ipWan1: '14.160.77.1' });
    // the network devices the warehouse's scans saw: two access points, a switch, and a client named like one
    const seen = (mac: string, siteId: number, kind: string, model: string, name: string) =>
      t.database.db.execute(sql`insert into device_sightings (mac, site_id, kind, model, name, first_seen_at, last_seen_at)
        values (${mac}, ${siteId}, ${kind}, ${model}, ${name}, now(), now())`);
    await seen('F0:9F:C2:00:00:01', hoaMai.id, 'device', 'U6-Pro', 'AP Sảnh');
    await seen('F0:9F:C2:00:00:02', bien.id, 'device', 'U6-Lite', 'AP sảnh tầng 2');
    await seen('F0:9F:C2:00:00:03', bien.id, 'device', 'USW-Lite-8-PoE', '');
    await seen('F0:9F:C2:00:00:04', hoaMai.id, 'client', '', 'AP sanh phone');
    // the routers' pushes: a customer's site (its contract's page) and one nobody's
    await setDeviceToken(t, admin.headers, 'router-token-0123456789');
    const push = async (body: object) =>
      expect((await pushWan(t, 'router-token-0123456789', body)).statusCode).toBeLessThan(300);
    await push({
      sitename: 'Khách sạn Hoa Mài',
      groupClient: 'FTTH',
      wan1Provider: 'VNPT',
      wan1Ip: '18.161.28.11',
      wan1Status: 1,
    });
    await push({ sitename: 'Quán lạ', groupClient: 'FTTH', wan1Provider: 'FPT', wan1Ip: '42.1.1.1', wan1Status: 0 });
  });
  afterAll(() => t?.close());

  it('finds a customer and a site without marks, each opening its page', async () => {
    const found = await search(kt, 'hoa mai');
    expect(found.customers).toEqual([['Khách sạn Hoa Mài', `/customers/${mine}`]]);
    expect(found.sites).toEqual([
      ['Khách sạn Hoa Mài', '/home?site=hoamai01'],
      ['Cafe Mai và Hoa', '/home?site=cafemai'],
    ]);
    expect(found.channels).toEqual([['Kênh Hoa Mài', `/customers/${mine}`]]);
    // every word, in any order, across the record's fields (its name and its number here)
    expect((await search(kt, 'mai khach hoa')).customers).toEqual([['Khách sạn Hoa Mài', `/customers/${mine}`]]);
    expect((await search(kt, 'hoa HD-HM')).customers).toHaveLength(1);
    expect(await search(kt, 'hoa mai biển')).toEqual({});
    expect((await search(kt, 'HD-HM')).customers).toHaveLength(1);
    expect((await search(kt, '0903 111')).customers).toHaveLength(1);
  });

  it('finds equipment by serial and by MAC in any notation, a channel by PPPoE, a device row by address', async () => {
    expect((await search(kt, 'sn-hoamai')).equipment).toEqual([
      ['SN-HOAMAI-1 · AA:BB:CC:DD:EE:01', `/customers/${mine}`],
    ]);
    for (const mac of ['AABB.CCDD.EE01', 'aa-bb-cc-dd-ee-01', 'AABBCCDDEE01'])
      expect((await search(kt, mac)).equipment, mac).toHaveLength(1);
    expect((await search(kt, 'aa-bb-cc')).equipment).toHaveLength(3);
    // a serial that is also twelve hex digits, scanned or pasted whole
    expect((await search(kt, 'EE859953F570')).equipment).toEqual([
      ['EE859953F570 · AA:BB:CC:DD:EE:03', `/customers/${other}`],
    ]);
    expect((await search(kt, 'hoamai_pp')).channels).toHaveLength(1);
    expect((await search(kt, '14.160.77')).devices).toEqual([['14.160.77.1', `/customers/${mine}`]]);
  });

  it('finds access points and switches by name or model, and customer sites by WAN address or provider', async () => {
    expect((await search(kt, 'ap sanh')).networkDevices).toEqual([
      ['AP Sảnh', '/home?site=hoamai01'],
      ['AP sảnh tầng 2', '/home?site=bienxanh'],
    ]);
    // a device without a name goes by its model; a client is no network device
    expect((await search(kt, 'usw lite')).networkDevices).toEqual([['USW-Lite-8-PoE', '/home?site=bienxanh']]);
    expect((await search(kt, 'sanh phone')).networkDevices).toBeUndefined();
    const hit = (await ok(kt, 'GET', '/it4u/search?q=18.161.28.11')) as SearchResult;
    expect(hit.groups.find((g) => g.kind === 'wanLinks')?.hits).toEqual([
      {
        key: expect.stringMatching(/^wanSite:\d+$/),
        title: 'Khách sạn Hoa Mài',
        // the customer's name, the same as the site's, said once
        detail: 'VNPT 18.161.28.11',
        to: `/customers/${mine}`,
      },
    ]);
    expect((await search(kt, 'vnpt')).wanLinks).toEqual([['Khách sạn Hoa Mài', `/customers/${mine}`]]);
    // a site no customer has opens the report, searched for it
    expect((await search(kt, 'fpt quan')).wanLinks).toEqual([
      ['Quán lạ', `/reporter?q=${encodeURIComponent('Quán lạ')}`],
    ]);
  });

  it('says when a kind has more, and gives every hit of a kind page by page ("See all")', async () => {
    const page = async (q: string, kind: string, offset: number) =>
      (await ok(
        kt,
        'GET',
        `/it4u/search?q=${encodeURIComponent(q)}&kind=${kind}&limit=1&offset=${offset}`,
      )) as SearchResult;
    const first = await page('hoa mai', 'sites', 0);
    expect(first.groups).toEqual([
      { kind: 'sites', hits: [expect.objectContaining({ title: 'Khách sạn Hoa Mài' })], more: true },
    ]);
    const second = await page('hoa mai', 'sites', 1);
    expect(second.groups).toEqual([
      { kind: 'sites', hits: [expect.objectContaining({ title: 'Cafe Mai và Hoa' })], more: false },
    ]);
    expect((await page('hoa mai', 'sites', 2)).groups).toEqual([]);
    // the search box's groups say it too
    const all = (await ok(kt, 'GET', '/it4u/search?q=hoa%20mai&limit=1')) as SearchResult;
    expect(all.groups.find((g) => g.kind === 'sites')).toMatchObject({ more: true });
    expect(all.groups.find((g) => g.kind === 'customers')).toMatchObject({ more: false });
    // a kind the caller may not read gives nothing
    expect((await page('hoa', 'users', 0)).groups).toEqual([]);
    for (const bad of ['kind=everything', 'offset=-1', 'offset=10001', 'offset=1.5', 'offset=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/it4u/search?q=hoa&${bad}`, headers: kt.headers });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('gives each role only what it may read', async () => {
    expect(Object.keys(await search(kt, 'hoa'))).not.toContain('users');
    expect((await search(admin, admin.user.username)).users).toHaveLength(1);
    // an office role: customers and sites, no warehouse, channels or devices
    expect(Object.keys(await search(office, 'hoa')).sort()).toEqual(['customers', 'sites', 'wanLinks']);
    // a customer: their own contract, site and equipment only
    const own = await search(customer, 'aa:bb:cc');
    expect(own.equipment).toEqual([['SN-HOAMAI-1 · AA:BB:CC:DD:EE:01', `/customers/${mine}`]]);
    expect(await search(customer, 'biển')).toEqual({});
    expect(Object.keys(await search(customer, 'hoa')).sort()).toEqual(['customers', 'equipment', 'sites']);
    // the access points of their own sites; no customer report
    expect((await search(customer, 'ap sanh')).networkDevices).toEqual([['AP Sảnh', '/home?site=hoamai01']]);
    expect(await search(customer, 'vnpt')).toEqual({});
  });

  it('reads nothing for two characters, and refuses what is too long', async () => {
    expect(await search(kt, 'ho')).toEqual({});
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/it4u/search?q=${'x'.repeat(101)}`,
      headers: kt.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/search?q=hoa' })).statusCode).toBe(401);
  });
});
