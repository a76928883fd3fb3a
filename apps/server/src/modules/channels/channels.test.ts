import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';

describe.each(drivers)('channel register on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

  it('adds providers and service packs; names are unique', async () => {
    const vnpt = await call('POST', '/it4u/channel/name', { name: 'VNPT' });
    expect(vnpt.statusCode).toBe(201);
    expect((await call('POST', '/it4u/channel/name', { name: 'vnpt' })).statusCode).toBe(409);
    const pack = await call('POST', '/it4u/channel/value', {
      servicePack: 'FiberVNN 100M',
      value: '100 Mbps',
      channelName: { id: vnpt.json().id },
    });
    expect(pack.statusCode).toBe(201);
    expect(pack.json()).toMatchObject({
      servicePack: 'FiberVNN 100M',
      value: '100 Mbps',
      channelName: { name: 'VNPT' },
    });
    expect(
      (await call('POST', '/it4u/channel/value', { servicePack: 'fibervnn 100m', channelName: { name: 'VNPT' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/it4u/channel/value', { servicePack: 'X', channelName: { name: 'Nobody' } })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/it4u/channel.name')).json().map((p: { name: string }) => p.name)).toContain('VNPT');
    expect((await call('GET', '/it4u/channel/value.all.VNPT')).json()).toHaveLength(1);
    expect((await call('GET', `/it4u/channel/value.all.${vnpt.json().id}`)).json()).toHaveLength(1);
    expect((await call('GET', '/it4u/channel/value.all.Nobody')).statusCode).toBe(404);
  });

  it('registers a channel as offline, records each change with old and new values, keeps the history after deletion', async () => {
    const viettel = (await call('POST', '/it4u/channel/name', { name: 'Viettel' })).json();
    const pack = (
      await call('POST', '/it4u/channel/value', { servicePack: 'FTTH 200M', channelName: { id: viettel.id } })
    ).json();
    const made = await call('POST', '/it4u/channel/attribute', {
      name: 'Kênh Hoa Mai',
      customer: 'Khách sạn Hoa Mai',
      usernamePPPoE: 'hoamai01',
      channelValueId: pack.id,
    });
    expect(made.statusCode).toBe(201);
    const channel = made.json();
    expect(channel).toMatchObject({
      status: 'offline',
      customer: 'Khách sạn Hoa Mai',
      channelValue: { servicePack: 'FTTH 200M', channelName: { name: 'Viettel' } },
    });

    const bad = await call('PUT', `/it4u/channel/attribute.${channel.id}`, { status: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
    const edited = await call('PUT', `/it4u/channel/attribute.${channel.id}`, {
      status: 'online',
      virtualNum: 'VN-42',
    });
    expect(edited.json()).toMatchObject({ status: 'online', virtualNum: 'VN-42', name: 'Kênh Hoa Mai' });

    const online = (await call('GET', '/it4u/channel/attribute.all.online')).json();
    expect(online.items.map((a: { id: number }) => a.id)).toContain(channel.id);
    const byProvider = (await call('GET', `/it4u/channel/attribute.all?providerId=${viettel.id}`)).json();
    expect(byProvider.total).toBe(1);

    expect((await call('DELETE', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(404);
    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', old: 'offline', new: 'online' },
        { field: 'virtualNum', old: '', new: 'VN-42' },
      ]),
    );
    expect(history[1].changes).toHaveLength(2);
    expect(history[1].actorName).toBeTruthy();
    expect(history[2].changes).toContainEqual({ field: 'servicePack', old: null, new: 'Viettel / FTTH 200M' });
  });

  it('saves details (new, then changed by id), searches them by deploy date, records the changes, refuses deleting a channel in use', async () => {
    const channel = (
      await call('POST', '/it4u/channel/attribute', { name: 'Kênh An Phú', customer: 'Trường An Phú' })
    ).json();
    const contract = (
      await call('POST', '/it4u/contracts', { numContract: 'HD-KENH-1', clientName: 'Trường An Phú' })
    ).json();
    const deploy = Date.UTC(2025, 2, 10);
    const made = await call('POST', '/it4u/channel/detail', {
      channelAttributeId: channel.id,
      contractId: contract.id,
      fees: 1_500_000,
      routerType: 'MikroTik hEX',
      deviceStatus: 'Hoat dong',
      deployRequestDate: deploy,
      dateAcceptance: Date.UTC(2025, 2, 15),
    });
    expect(made.statusCode, made.body).toBe(201);
    const detail = made.json();
    expect(detail).toMatchObject({
      fees: 1_500_000,
      deployRequestDate: deploy,
      dateAcceptance: Date.UTC(2025, 2, 15),
      dateOnline: null,
      contract: { numContract: 'HD-KENH-1' },
      channelAttribute: { id: channel.id, status: 'offline' },
    });
    const changed = await call('POST', '/it4u/channel/detail', {
      id: detail.id,
      channelAttributeId: channel.id,
      contractId: contract.id,
      routerType: 'Draytek',
      dateOnline: Date.UTC(2025, 2, 20),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ routerType: 'Draytek', fees: 1_500_000, dateOnline: Date.UTC(2025, 2, 20) });
    const bad = await call('POST', '/it4u/channel/detail', { channelAttributeId: channel.id, deviceStatus: 'Lost' });
    expect(bad.json().details[0].field).toBe('deviceStatus');
    expect((await call('POST', '/it4u/channel/detail', { channelAttributeId: 999999 })).json().details[0].field).toBe(
      'channelAttributeId',
    );

    const inRange = await call('POST', '/it4u/channel/attribute.date', {
      fromDate: Date.UTC(2025, 2, 1),
      toDate: Date.UTC(2025, 2, 31),
      q: 'An Phú',
    });
    expect(inRange.json().items.map((d: { id: number }) => d.id)).toEqual([detail.id]);
    const outside = await call('POST', '/it4u/channel/attribute.date', {
      fromDate: Date.UTC(2025, 3, 1),
      toDate: Date.UTC(2025, 3, 30),
      q: 'An Phú',
    });
    expect(outside.json().total).toBe(0);
    expect((await call('GET', '/it4u/channel/detail.all?status=offline&q=HD-KENH-1')).json().total).toBe(1);
    expect((await call('GET', '/it4u/channel/detail.all?status=online&q=HD-KENH-1')).json().total).toBe(0);

    const refused = await call('DELETE', `/it4u/channel/attribute.${channel.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('details');
    expect((await call('DELETE', `/it4u/channel/detail.${detail.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(200);

    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { entity: string; action: string }) => `${e.entity}:${e.action}`)).toEqual([
      'attribute:delete',
      'detail:delete',
      'detail:update',
      'detail:create',
      'attribute:create',
    ]);
    expect(history[2].changes).toEqual(
      expect.arrayContaining([
        { field: 'routerType', old: 'MikroTik hEX', new: 'Draytek' },
        { field: 'dateOnline', old: null, new: Date.UTC(2025, 2, 20) },
      ]),
    );
  });

  for (const role of ['ROLE_CSKH', 'ROLE_KH'] as const) {
    it(`forbids ${role}`, async () => {
      const other = (await tokenFor(t, [role])).headers;
      for (const [method, url, body] of [
        ['GET', '/it4u/channel.name', undefined],
        ['POST', '/it4u/channel/name', { name: 'CMC' }],
        ['GET', '/it4u/channel/attribute.all', undefined],
        ['POST', '/it4u/channel/attribute', {}],
        ['GET', '/it4u/history/channel/1', undefined],
      ] as const) {
        expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(403);
      }
    });
  }
});
