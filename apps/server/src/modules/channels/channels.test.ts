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
