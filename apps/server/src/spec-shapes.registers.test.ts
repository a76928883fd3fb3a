import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from './test/helpers.ts';

type Json = Record<string, unknown>;

/**
 * The registers' entities (channels, supplies, device information, contracts) sent exactly as the spec names them,
 * read back with the spec's names in the answer. The registers never call the controller, so the plain test app
 * serves them; the controller's entities are in spec-shapes.test.ts.
 */
describe.each(drivers)("the registers' spec shapes on %s", (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  let contract: Json;
  let site: Json;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: h, payload: body });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
    const res = await call(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const refused = async (method: 'POST' | 'PUT', url: string, bodies: Json[]) => {
    for (const body of bodies) {
      const res = await call(method, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
    site = await ok('POST', '/it4u/sitename/', { sitename: 'Spec Hotel', idname: 'spechotel01' });
    contract = await ok('POST', '/it4u/contracts', {
      customId: 'KH-SPEC',
      numContract: 'HD-SPEC-1',
      clientName: 'Spec Hotel Ltd',
      companyName: 'Spec Hotel Company',
      phone: '0903 000 111',
      street: '1 Spec Street',
      servicePlans: 'FTTH 300M',
      sitename: ['spechotel01'],
    });
  });
  afterAll(() => t.close());

  it('channel provider and service pack: name; servicePack, value, channelName', async () => {
    const provider = await ok('POST', '/it4u/channel/name', { name: 'Spec Telecom' });
    expect(provider).toMatchObject({ id: expect.any(Number), name: 'Spec Telecom' });
    expect(await ok('GET', '/it4u/channel.name')).toContainEqual(provider);
    const pack = await ok('POST', '/it4u/channel/value', {
      servicePack: 'Spec 100M',
      value: '100',
      channelName: { id: provider.id, name: 'Spec Telecom' },
    });
    expect(pack).toMatchObject({ servicePack: 'Spec 100M', value: '100', channelName: provider });
    expect(await ok('GET', `/it4u/channel/value.all.${provider.id}`)).toContainEqual(pack);
  });

  it('channel attribute: name, servicePack, status (capitalised as the edit dropdown sends it), value, ...', async () => {
    const provider = await ok('POST', '/it4u/channel/name', { name: 'Spec Net' });
    const pack = await ok('POST', '/it4u/channel/value', {
      servicePack: 'Spec Leased 50M',
      value: '50',
      channelName: { name: 'Spec Net' },
    });
    const body = {
      id: '',
      name: 'Spec channel',
      servicePack: 'Spec Leased 50M',
      status: 'Online',
      value: '50',
      customer: 'Spec Hotel Ltd',
      virtualNum: 'V-77',
      usernamePPPoE: 'spec_pppoe',
    };
    const made = await ok('POST', '/it4u/channel/attribute', body);
    const expected = {
      name: 'Spec channel',
      servicePack: 'Spec Leased 50M',
      status: 'online',
      value: '50',
      customer: 'Spec Hotel Ltd',
      virtualNum: 'V-77',
      usernamePPPoE: 'spec_pppoe',
      channelValue: { id: pack.id, channelName: { id: provider.id } },
    };
    expect(made).toMatchObject({ id: expect.any(Number), ...expected });
    expect(await ok('GET', `/it4u/channel/attribute.${made.id}`)).toMatchObject(expected);

    // sent back as read, with the status as the dropdown names it
    const back = await ok('PUT', `/it4u/channel/attribute.${made.id}`, { ...made, status: 'Suspend' });
    expect(back).toMatchObject({ ...expected, status: 'suspend' });
    // the pack removed by its empty name
    expect(await ok('PUT', `/it4u/channel/attribute.${made.id}`, { servicePack: '' })).toMatchObject({
      servicePack: '',
      value: '',
      channelValue: null,
    });
    await refused('PUT', `/it4u/channel/attribute.${made.id}`, [
      { status: 'ONLINE' },
      { servicePack: 'No such pack' },
      { servicePack: 'Spec Leased 50M', channelValueId: 999_999 },
      { servicePack: 'x'.repeat(201) },
    ]);
  });

  it('channel detail: its fields, contract and channelAttribute as the spec nests them', async () => {
    await ok('POST', '/it4u/channel/name', { name: 'Spec Fiber' });
    const pack = await ok('POST', '/it4u/channel/value', {
      servicePack: 'Spec FTTH 1G',
      value: '1000',
      channelName: { name: 'Spec Fiber' },
    });
    const attribute = await ok('POST', '/it4u/channel/attribute', { name: 'Spec detail channel', status: 'Offline' });
    const body = {
      id: null,
      fees: 1_500_000,
      routerType: 'Draytek 2927',
      ipAddress: '14.1.1.2',
      ipType: 'static',
      customerMove: '',
      dateRequestStop: null,
      dateOnline: Date.UTC(2026, 0, 5),
      dateStop: null,
      dateOnlineRequest: Date.UTC(2026, 0, 2),
      deviceStatus: 'Hoat dong',
      dateAcceptance: Date.UTC(2026, 0, 6),
      deployRequestDate: Date.UTC(2026, 0, 1),
      regionalEngineer: 'Spec engineer',
      votesRequire: 'P-1',
      contract: {
        id: contract.id,
        customId: contract.customId,
        numContract: contract.numContract,
        clientName: contract.clientName,
        street: contract.street,
        servicePlans: contract.servicePlans,
      },
      channelAttribute: {
        id: attribute.id,
        status: 'offline',
        customer: '',
        virtualNum: '',
        usernamePPPoE: '',
        channelValue: { id: pack.id, servicePack: pack.servicePack, value: pack.value, channelName: pack.channelName },
      },
      createdAt: Date.UTC(2025, 0, 1),
    };
    const res = await call('POST', '/it4u/channel/detail', body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    const { id: _id, createdAt: _createdAt, channelAttribute: _a, ...fields } = body;
    expect(made).toMatchObject({
      ...fields,
      contract: body.contract,
      channelAttribute: { id: attribute.id, name: 'Spec detail channel', status: 'offline', servicePack: '' },
    });
    expect(made.createdAt).not.toBe(body.createdAt);
    const listed = await ok('GET', '/it4u/channel/detail.all?pageSize=100');
    expect(listed.items.find((d: Json) => d.id === made.id)).toMatchObject({ ...fields, contract: body.contract });
    // sent back as read: an update
    const again = await call('POST', '/it4u/channel/detail', { ...made, votesRequire: 'P-2' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: made.id, votesRequire: 'P-2' });
  });

  it('supply item (catalogue): id, itemCode, name, unit, number, value, note', async () => {
    const body = { id: '', itemCode: 'SPEC-AP', name: 'Spec access point', unit: 'Cái', number: 5, value: 2_500_000 };
    const made = await ok('POST', '/it4u/listSupplies', { ...body, note: 'opening stock' });
    // the spec's fields, and the console's minimum stock (none unless given)
    const expected = { ...body, id: made.id, note: 'opening stock', minStock: null };
    expect(made).toEqual(expected);
    expect(await ok('GET', `/it4u/listSupplies/${made.id}`)).toEqual(expected);
    expect(await ok('PUT', `/it4u/listSupplies/${made.id}`, { ...expected, note: 'counted' })).toEqual({
      ...expected,
      note: 'counted',
    });
  });

  async function supplyItem(itemCode: string) {
    return ok('POST', '/it4u/listSupplies', { itemCode, name: `Spec ${itemCode}`, unit: 'Bộ', number: 0, value: 0 });
  }

  /** A stock record as the spec names it: the item as an object, the MAC under its upper-case name. */
  const specRecord = (item: Json) => ({
    id: '',
    exportDate: Date.UTC(2026, 1, 3),
    licence: 'PN-SPEC-1',
    listSupplies: item,
    number: 2,
    value: 750_000,
    totalAmount: 1_500_000,
    supplier: 'Spec Distribution',
    serialNum: 'SN-SPEC-1',
    MAC: 'aa-bb-cc-00-11-22',
    warrantyPeriod: 24,
    storageTerm: 30,
    warrantyLandmark: Date.UTC(2026, 1, 3),
    createdAt: Date.UTC(2020, 0, 1),
    note: 'spec receipt',
  });
  const recordRead = (item: Json) => ({
    exportDate: Date.UTC(2026, 1, 3),
    licence: 'PN-SPEC-1',
    listSupplies: { id: item.id, itemCode: item.itemCode, name: item.name, unit: item.unit },
    number: 2,
    value: 750_000,
    totalAmount: 1_500_000,
    supplier: 'Spec Distribution',
    serialNum: 'SN-SPEC-1',
    MAC: 'AA:BB:CC:00:11:22',
    warrantyPeriod: 24,
    storageTerm: 30,
    warrantyLandmark: Date.UTC(2026, 1, 3),
    note: 'spec receipt',
  });

  it('import record (stock in): listSupplies as the item, MAC, totalAmount and createdAt ignored', async () => {
    const item = await supplyItem('SPEC-SW');
    const made = await ok('POST', '/it4u/importWarehouse', specRecord(item));
    expect(made).toMatchObject({ id: expect.any(Number), ...recordRead(item), itemCode: 'SPEC-SW' });
    expect(made.createdAt).not.toBe(Date.UTC(2020, 0, 1));
    const page = await ok('GET', '/it4u/importWarehouse?q=SN-SPEC-1');
    expect(page.items[0]).toMatchObject(recordRead(item));
    // the item by its id alone, and the record sent back as read
    const edited = await ok('PUT', `/it4u/importWarehouse/${made.id}`, {
      ...made,
      itemCode: undefined,
      listSupplies: { id: item.id },
      number: 3,
    });
    expect(edited).toMatchObject({ ...recordRead(item), number: 3, totalAmount: 2_250_000 });
    const other = await supplyItem('SPEC-OTHER');
    await refused('PUT', `/it4u/importWarehouse/${made.id}`, [
      { ...specRecord(item), listSupplies: undefined },
      { ...specRecord(item), itemCode: 'SPEC-OTHER' },
      { ...specRecord(item), listSupplies: { id: other.id, itemCode: 'SPEC-SW' } },
      { ...specRecord(item), mac: '00:00:00:00:00:01' },
      { ...specRecord(item), MAC: 'not a mac' },
      { ...specRecord(item), listSupplies: { id: 2_147_483_647 } },
    ]);
  });

  it('export record (stock out): the import record plus status and contract', async () => {
    const item = await supplyItem('SPEC-ONT');
    await ok('POST', '/it4u/importWarehouse', { ...specRecord(item), serialNum: 'SN-SPEC-ONT' });
    const body = {
      ...specRecord(item),
      serialNum: 'SN-SPEC-ONT',
      status: 'Đang sử dụng',
      contract: {
        numContract: contract.numContract,
        clientName: contract.clientName,
        street: contract.street,
        servicePlans: contract.servicePlans,
        id: contract.id,
        customId: contract.customId,
      },
    };
    const made = await ok('POST', '/it4u/exportWarehouse', body);
    const expected = { ...recordRead(item), serialNum: 'SN-SPEC-ONT', status: 'Đang sử dụng', contract: body.contract };
    expect(made).toMatchObject(expected);
    const page = await ok('GET', '/it4u/exportWarehouse?q=SN-SPEC-ONT');
    expect(page.items[0]).toMatchObject(expected);
    expect(await ok('PUT', `/it4u/exportWarehouse/${made.id}`, { ...made, status: 'Hư hỏng' })).toMatchObject({
      ...expected,
      status: 'Hư hỏng',
    });
  });

  it('report row: itemCode, name, unit, inventoryStart, numImportFromToDate, numExportFromToDate, inventoryEnd, note', async () => {
    await ok('POST', '/it4u/listSupplies', {
      itemCode: 'SPEC-REP',
      name: 'Spec reported',
      unit: 'Cái',
      number: 4,
      value: 0,
      note: 'in the report',
    });
    const rows = await ok('POST', '/it4u/reportSupplies', { fromDate: 0, toDate: Date.UTC(2030, 0, 1) });
    expect(rows.find((r: Json) => r.itemCode === 'SPEC-REP')).toEqual({
      itemCode: 'SPEC-REP',
      name: 'Spec reported',
      unit: 'Cái',
      inventoryStart: 4,
      numImportFromToDate: 0,
      numExportFromToDate: 0,
      inventoryEnd: 4,
      note: 'in the report',
    });
  });

  it('client device info: contract and sitename as the spec names them (no ids), its fields written and read', async () => {
    const wans = Object.fromEntries(
      [1, 2, 3, 4].flatMap((n) => [
        [`ispWan${n}`, `ISP ${n}`],
        [`modelWan${n}`, `Model ${n}`],
        [`ipWan${n}`, `10.0.${n}.1`],
        [`ipPublicWan${n}`, `14.0.${n}.1`],
      ]),
    );
    const texts = {
      ...wans,
      backup: 'daily',
      maintenance: 'monthly',
      modelLb: 'Peplink 580',
      ipLb: '192.168.1.1',
      modelOther: 'Switch',
      ipOther: '192.168.1.2',
      reboot: 'weekly',
      monitor: 'yes',
      method: 'SSH',
      location: 'floor 3',
      openPort: '4949',
      firmware: '8.1',
      wanGroup: 'A',
      note: 'spec device',
    };
    const body = {
      id: '',
      contract: {
        numContract: contract.numContract,
        clientName: contract.clientName,
        phone: contract.phone,
        street: contract.street,
        servicePlans: contract.servicePlans,
        customId: contract.customId,
      },
      sitename: { idname: 'spechotel01', sitename: 'Spec Hotel' },
      ...texts,
      passWan1: 'wan-secret',
      passWan2: '',
      passWan3: '',
      passWan4: '',
      passLb: 'lb-secret',
      passOther: '',
    };
    const made = await ok('POST', '/it4u/clientDeviceInf', body);
    const expected = {
      contract: { ...body.contract, id: contract.id },
      sitename: { id: site.id, idname: 'spechotel01', sitename: 'Spec Hotel' },
      ...texts,
      passWan1: '********',
      passLb: '********',
      passOther: '',
    };
    expect(made).toMatchObject(expected);
    const page = await ok('POST', '/it4u/searchClientDeviceInf', { content: 'spec device' });
    expect(page.items.find((r: Json) => r.id === made.id)).toMatchObject(expected);
    // sent back as read
    expect(await ok('PUT', `/it4u/clientDeviceInf/${made.id}`, { ...made, note: 'edited' })).toMatchObject({
      ...expected,
      note: 'edited',
    });
    await refused('PUT', `/it4u/clientDeviceInf/${made.id}`, [
      { contract: { numContract: 'HD-NOBODY' } },
      { sitename: { idname: 'nosuchsite' } },
      { sitename: { sitename: 'Spec Hotel' } },
      { contractId: 2_147_483_647, contract: { numContract: contract.numContract } },
      { ipLb: 'not a host!' },
    ]);
  });

  it('contract lookup by site: companyName, phone, servicePlan', async () => {
    expect(await ok('POST', '/it4u/getContractBySitename', { sitename: 'spechotel01' })).toEqual({
      companyName: 'Spec Hotel Company',
      phone: '0903 000 111',
      servicePlan: 'FTTH 300M',
    });
  });
});
