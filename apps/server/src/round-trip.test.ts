import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { createTestApp, drivers, seedUser, type TestApp, tokenFor } from './test/helpers.ts';

/** What a GET returns can be sent back with PUT (or the save call) unchanged: nothing changes. */
describe.each(drivers)('read, send back, read again on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: admin, payload: payload as object });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  /** GET, PUT back what it answered, GET again: the two reads are equal. */
  async function roundTrip(getUrl: string, putUrl: string, method: 'PUT' | 'POST' = 'PUT') {
    const before = await call('GET', getUrl);
    await call(method, putUrl, before);
    expect(await call('GET', getUrl)).toEqual(before);
    return before;
  }

  it('a user, with roles as [{name}] and sites as [{sitename, idname}]', async () => {
    const sites = createSitesRepository(t.database.db);
    const a = await sites.insert({ sitename: 'Khách sạn Hoa Mai', idname: 'rt_hoamai' });
    await sites.insert({ sitename: 'Cafe Sài Gòn', idname: 'rt_cafe' });
    const user = await seedUser(t.database, { roles: ['ROLE_KT', 'ROLE_CSKH'], siteIds: [a.id] });
    const read = await roundTrip(`/users/${user.id}`, `/users/${user.id}`);
    expect(read.roles).toEqual([{ name: 'ROLE_KT' }, { name: 'ROLE_CSKH' }]);
    expect(read.sitename).toEqual([{ sitename: 'Khách sạn Hoa Mai', idname: 'rt_hoamai' }]);
    // the own profile too
    const me = await call('GET', '/user/me');
    await call('PUT', '/user/update', me);
    expect(await call('GET', '/user/me')).toEqual(me);
  });

  it('a site name and a contract with its sites', async () => {
    const site = await call('POST', '/it4u/sitename/', { sitename: 'Văn phòng Quận 1', idname: 'rt_q1' });
    await roundTrip(`/it4u/sitename/${site.id}`, `/it4u/sitename/${site.id}`);
    const contract = await call('POST', '/it4u/contracts', {
      numContract: 'RT-HD-001',
      clientName: 'Công ty Hoa Mai',
      street: '12 Lê Lợi',
      sitename: ['rt_q1'],
    });
    await roundTrip(`/it4u/contracts/${contract.id}`, `/it4u/contracts/${contract.id}`);
  });

  it('a catalogue item, a stock-in and a stock-out record with its contract', async () => {
    const item = await call('POST', '/it4u/listSupplies', {
      itemCode: 'RT-AP',
      name: 'UniFi AP',
      unit: 'Cái',
      number: 2,
      value: 5,
    });
    await roundTrip(`/it4u/listSupplies/${item.id}`, `/it4u/listSupplies/${item.id}`);
    const contract = await call('POST', '/it4u/contracts', { numContract: 'RT-HD-002', clientName: 'Cafe Sài Gòn' });
    const record = {
      exportDate: Date.UTC(2026, 4, 6),
      itemCode: 'RT-AP',
      number: 1,
      value: 3_500_000,
      serialNum: 'RT1',
    };
    const stockIn = await call('POST', '/it4u/importWarehouse', record);
    const stockOut = await call('POST', '/it4u/exportWarehouse', {
      ...record,
      mac: 'aa-bb-cc-dd-ee-01',
      warrantyLandmark: Date.UTC(2026, 4, 6),
      warrantyPeriod: 24,
      contractId: contract.id,
    });
    for (const [kind, saved] of [
      ['importWarehouse', stockIn],
      ['exportWarehouse', stockOut],
    ] as const) {
      const page = async () =>
        (await call('GET', `/it4u/${kind}?q=RT1`)).items.find((r: { id: number }) => r.id === saved.id);
      const before = await page();
      await call('PUT', `/it4u/${kind}/${saved.id}`, before);
      expect(await page()).toEqual(before);
    }
    expect(stockOut.contract.numContract).toBe('RT-HD-002');
    // stocked out again, the serial's first record is 'moved' (set by the server): sent back, it keeps it
    const again = await call('POST', '/it4u/exportWarehouse', { ...record, exportDate: Date.UTC(2026, 4, 7) });
    const moved = (await call('GET', '/it4u/exportWarehouse?q=RT1')).items.find(
      (r: { id: number }) => r.id === stockOut.id,
    );
    expect(moved.status).toBe('Đã dịch chuyển');
    await call('PUT', `/it4u/exportWarehouse/${stockOut.id}`, moved);
    // but nobody sets it by hand
    const latest = (await call('GET', '/it4u/exportWarehouse?q=RT1')).items.find(
      (r: { id: number }) => r.id === again.id,
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/it4u/exportWarehouse/${again.id}`,
      headers: admin,
      payload: { ...latest, status: 'Đã dịch chuyển' },
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'movedStatusIsSet', details: [{ field: 'status' }] });
  });

  it('a channel with its service pack, and a channel detail with its channel and contract', async () => {
    const provider = await call('POST', '/it4u/channel/name', { name: 'RT Viettel' });
    const pack = await call('POST', '/it4u/channel/value', {
      servicePack: 'FTTH 200M',
      value: '300000',
      channelName: { id: provider.id },
    });
    const channel = await call('POST', '/it4u/channel/attribute', {
      name: 'RT kênh 1',
      customer: 'Hoa Mai',
      status: 'online',
      channelValueId: pack.id,
    });
    const read = await roundTrip(`/it4u/channel/attribute.${channel.id}`, `/it4u/channel/attribute.${channel.id}`);
    expect(read.channelValue.id).toBe(pack.id);
    const contract = await call('POST', '/it4u/contracts', { numContract: 'RT-HD-003', clientName: 'Hoa Mai' });
    const detail = await call('POST', '/it4u/channel/detail', {
      channelAttributeId: channel.id,
      contractId: contract.id,
      fees: 300_000,
      routerType: 'ER-X',
      deployRequestDate: Date.UTC(2026, 4, 1),
    });
    const find = async () =>
      (await call('GET', '/it4u/channel/detail.all?q=RT')).items.find((d: { id: number }) => d.id === detail.id);
    const before = await find();
    await call('POST', '/it4u/channel/detail', before);
    expect(await find()).toEqual(before);
    expect(before.contract.id).toBe(contract.id);
  });

  it('the system parameters (secrets answered masked are kept)', async () => {
    await call('PUT', '/it4u/systemConfig', {
      usernameUbnt: 'console',
      pwUbnt: 'Ubnt-secret-1',
      tokenUcrm: 'crm',
      tokenDev: 'dev',
      urlUbnt: '',
      verifyTls: true,
    });
    await roundTrip('/it4u/systemConfig', '/it4u/systemConfig');
  });
});
