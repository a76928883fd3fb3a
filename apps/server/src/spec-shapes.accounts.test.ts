import { describe, expect, it } from 'vitest';
import { drivers, pushWan, setDeviceToken, tokenFor } from './test/helpers.ts';
import { useControllerApp } from './test/simulator.ts';

type Json = Record<string, unknown>;

/**
 * The spec's entities of accounts, sites, vouchers, dashboards, the customer report, devices and chat, sent and read
 * under the spec's names (as `spec-shapes.test.ts` does for the wifi settings).
 */
describe.each(drivers)("the spec's shapes of accounts, reports and chat on %s", (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon');
  const site = () => suite.sim.sim.state.sites[1];
  const admin = async () => (await tokenFor(suite.t, ['ROLE_ADMIN'])).headers;
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    headers?: Record<string, string>,
  ) => {
    const res = await call(method, url, body, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const range = () => ({ start: Date.parse('2026-03-02T00:00:00Z'), end: Date.parse('2026-03-02T12:00:00Z') });

  it('site / site name: written as sitename and idname, read as id and name too', async () => {
    const headers = await admin();
    const made = await ok('POST', '/it4u/sitename/', { sitename: 'Spec Hotel', idname: 'spechotel' }, headers);
    expect(made).toMatchObject({
      id: expect.any(Number),
      name: 'Spec Hotel',
      sitename: 'Spec Hotel',
      idname: 'spechotel',
    });
    expect(await ok('GET', `/it4u/sitename/${made.id}`, undefined, headers)).toMatchObject({
      id: made.id,
      name: 'Spec Hotel',
    });
    const all = (await ok('GET', '/it4u/sitenames', undefined, headers)) as Json[];
    expect(all.find((s) => s.id === made.id)).toMatchObject({ name: 'Spec Hotel', idname: 'spechotel' });
    const mine = (await ok('GET', '/it4u/getSitename/', undefined, headers)) as Json[];
    expect(mine.find((s) => s.id === made.id)).toMatchObject({ sitename: 'Spec Hotel', idname: 'spechotel' });
  });

  it('user: created and updated with roles as {name}, sitename as {sitename, idname}; read with its counts', async () => {
    const headers = await admin();
    const sites = (await ok('GET', '/it4u/sitenames', undefined, headers)) as Json[];
    const ref = { sitename: sites[0]?.sitename, idname: sites[0]?.idname };
    const body = {
      name: 'Spec User',
      username: 'spec.client',
      email: 'spec.client@it4u.example',
      password: 'Spec-pass-2026',
      confirmPassword: 'Spec-pass-2026',
      gender: 'Female',
      language: 'Vietnamese',
      type: 'User',
      roles: [{ name: 'ROLE_CSKH' }],
      sitename: [ref],
    };
    const made = await ok('POST', '/auth/signup', body, headers);
    expect(made).toMatchObject({ gender: 'Female', roles: [{ name: 'ROLE_CSKH' }], sitename: [ref] });
    const { password: _p, confirmPassword: _c, ...rest } = body;
    const update = { ...rest, language: 'English', type: 'Client', roles: [{ name: 'ROLE_KH' }], status: 'Block' };
    await ok('PUT', `/users/${made.id}`, update, headers);
    const read = await ok('GET', `/users/${made.id}`, undefined, headers);
    expect(read).toMatchObject({
      id: made.id,
      name: 'Spec User',
      username: 'spec.client',
      email: 'spec.client@it4u.example',
      gender: 'Female',
      language: 'English',
      type: 'Client',
      roles: [{ name: 'ROLE_KH' }],
      sitename: [ref],
      status: 'Block',
      lastTimeLogin: expect.any(Number),
      numLogin: expect.any(Number),
    });
    const listed = await ok('GET', '/user', undefined, headers);
    const rows = (Array.isArray(listed) ? listed : listed.items) as Json[];
    expect(rows.find((u) => u.id === made.id)).toMatchObject({ numLogin: 0, lastTimeLogin: expect.any(Number) });
    // still strict: a role of no name, a gender outside the two
    for (const bad of [
      { ...update, roles: [{ name: 'ROLE_X' }] },
      { ...update, gender: 'Other' },
    ]) {
      expect((await call('PUT', `/users/${made.id}`, bad, headers)).statusCode).toBe(400);
    }
  });

  it('current user and role: read as the spec names them', async () => {
    const me = await ok('GET', '/user/me');
    expect(me).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      username: expect.any(String),
      language: expect.any(String),
      status: 'Active',
      changePw: false,
      roles: [{ name: 'ROLE_KT' }],
      sitename: expect.any(Array),
    });
    const roles = (await ok('GET', '/role')) as Json[];
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['ROLE_ADMIN', 'ROLE_KT', 'ROLE_KH']));
  });

  it('voucher: read as _id and id, code, createTime, down, up, byteQuota, notes, duration, status', async () => {
    const body = {
      cmd: 'create-voucher',
      n: 1,
      quota: 1,
      expire: 1440,
      down: 300,
      up: 200,
      bytes: 50,
      note: 'Spec one',
    };
    await ok('POST', `/it4u/${site().name}/createVoucher`, body);
    const listed = (await ok('GET', `/it4u/${site().name}/voucher`)) as Json[];
    const one = listed.find((v) => v.notes === 'Spec one');
    expect(one).toMatchObject({
      _id: expect.any(String),
      code: expect.any(String),
      createTime: expect.any(Number),
      down: 300,
      up: 200,
      byteQuota: 50,
      notes: 'Spec one',
      duration: 1440,
      status: expect.any(String),
    });
    expect(one?.id).toBe(one?._id);
  });

  it('chart request payload: attrs, start, end, labels and translated names', async () => {
    const body = {
      attrs: ['wlan-num_sta', 'wlan_bytes', 'time'],
      ...range(),
      labels: ['clients', 'traffic'],
      clientsLabel: 'Khách',
    };
    const series = await ok('POST', `/it4u/${site().name}/hourlyClient`, body);
    expect(series.points.length).toBeGreaterThan(0);
    await ok('POST', `/it4u/${site().name}/getTimeHourly`, body);
    await ok('POST', `/it4u/${site().name}/getNetworkRates`, body);
    // still strict: the range's bounds, and attrs as a list of short names
    for (const bad of [
      { ...body, start: -1 },
      { ...body, attrs: 'wlan_bytes' },
      { ...body, attrs: ['x'.repeat(101)] },
    ]) {
      expect((await call('POST', `/it4u/${site().name}/hourlyClient`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('stat response: client_ssid, client_usage, traffic_usage, radio_type, quick_look, ap_conn, traffic_info', async () => {
    const stat = await ok('POST', `/it4u/${site().name}/stat/device/`);
    for (const key of [
      'client_ssid',
      'client_usage',
      'traffic_usage',
      'radio_type',
      'quick_look',
      'ap_conn',
      'traffic_info',
    ]) {
      expect(typeof stat[key], key).toBe('string');
      expect(Array.isArray(JSON.parse(stat[key])), key).toBe(true);
    }
    const conn = JSON.parse(stat.ap_conn) as { name: string; value: number }[];
    expect(conn).toEqual([
      { name: 'connected', value: stat.connected },
      { name: 'disconnected', value: stat.disconnected },
    ]);
    const quick = JSON.parse(stat.quick_look) as Json[];
    expect(quick).toHaveLength(stat.accessPoints.length);
    expect(quick[0]).toMatchObject({
      name: expect.any(String),
      hostname: expect.any(String),
      uptime: expect.any(Number),
    });
    const sum = (key: string) => (JSON.parse(stat[key]) as { value: number }[]).reduce((n, e) => n + e.value, 0);
    const clients = (stat.accessPoints as { clients: number }[]).reduce((n, ap) => n + ap.clients, 0);
    expect(clients).toBeGreaterThan(0);
    expect(sum('client_ssid')).toBeGreaterThan(0);
    expect(JSON.parse(stat.radio_type).map((r: Json) => r.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/GHz$/)]),
    );
    expect(sum('client_usage')).toBe(clients);
    expect(quick[0]).toHaveProperty('up');
    expect(quick[0]).toHaveProperty('down');
  });

  it('overview response: overview, listWarningSites, listErrorSites, errorWeekly each with name, value, time', async () => {
    const view = await ok('GET', '/it4u/dashboard/overview');
    for (const key of ['overview', 'listWarningSites', 'listErrorSites', 'errorWeekly']) {
      expect(Array.isArray(view[key]), key).toBe(true);
      for (const item of view[key] as Json[]) {
        expect(Object.keys(item).sort(), key).toEqual(['name', 'time', 'value']);
      }
    }
    expect(view.overview.map((o: Json) => o.name)).toEqual(['ok', 'warning', 'error', 'unknown']);
    expect(view.overview.map((o: Json) => o.value)).toEqual([
      view.sites.ok,
      view.sites.warning,
      view.sites.error,
      view.sites.unknown,
    ]);
    expect(view.listWarningSites).toHaveLength(view.warnings.length);
    expect(view.listErrorSites).toHaveLength(view.errors.length);
    expect(view.errorWeekly).toHaveLength(view.disconnections.length);
  });

  it('customer info: pushed and read as the spec names it; service groups as groupName', async () => {
    const headers = await admin();
    await setDeviceToken(suite.t, headers, 'spec-device-token-2026');
    const push = {
      sitename: 'Spec customer',
      groupClient: 'Spec service',
      wan1Provider: 'VNPT',
      wan1Ip: '203.0.113.7',
      wan1Status: 1,
      wan1Uptime: 3600,
      wan2Provider: 'Viettel',
      wan2Ip: '',
      wan2Status: 0,
      wan2Uptime: 0,
      wan3Provider: 'NONE',
      wan4Provider: '',
      uptimeLb: 7200,
    };
    // registered by hand first (its row answers the spec's names), then pushed by its router
    const made = await ok(
      'POST',
      '/it4u/customerSite',
      { sitename: 'Spec customer', groupClient: 'Spec service' },
      headers,
    );
    expect(made).toMatchObject({ id: expect.any(Number), sitename: 'Spec customer', groupClient: 'Spec service' });
    expect(made).toHaveProperty('apconnected');
    expect(made).toHaveProperty('apdisconnected');
    const res = await pushWan(suite.t, 'spec-device-token-2026', push);
    expect(res.statusCode, res.body).toBeLessThan(300);
    // the report's list is a copy a few seconds behind (this suite's clock stands still): one site reads live
    expect(await ok('GET', `/it4u/${made.id}/customer_info`, undefined, headers)).toMatchObject({
      id: made.id,
      sitename: 'Spec customer',
      groupClient: 'Spec service',
      wan1Provider: 'VNPT',
      wan1Ip: '203.0.113.7',
      wan1Status: 1,
      wan1Uptime: 3600,
      wan2Provider: 'Viettel',
      wan2Status: 0,
      wan4Provider: '',
      uptimeLb: 7200,
    });
    const groups = (await ok('GET', '/it4u/group', undefined, headers)) as Json[];
    expect(groups).toContainEqual({ groupName: 'Spec service' });
  });

  it('network device per site: hostname, essid, tx_bytes, rx_bytes, uptime, mac, first_seen, last_seen', async () => {
    const devices = (await ok('GET', `/it4u/${site().name}/devices`)) as Json[];
    expect(devices.length).toBeGreaterThan(0);
    const [d] = devices;
    expect(d).toMatchObject({
      hostname: d?.name,
      essid: expect.any(String),
      tx_bytes: d?.download,
      rx_bytes: d?.upload,
      uptime: expect.any(Number),
      mac: expect.any(String),
    });
    await ok('POST', `/it4u/${site().name}/block/device`, { mac: d?.mac, cmd: 'block-sta' });
    const blocked = (await ok('GET', `/it4u/${site().name}/block/info`)) as Json[];
    const b = blocked.find((x) => x.mac === d?.mac);
    expect(b).toMatchObject({ first_seen: expect.any(Number), last_seen: expect.any(Number) });
    expect(b?.first_seen).toBe(Math.floor(Number(b?.firstSeen) / 1000));
    expect(b?.last_seen).toBe(Math.floor(Number(b?.lastSeen) / 1000));
    await ok('POST', `/it4u/${site().name}/block/device`, { mac: d?.mac, cmd: 'unblock-sta' });
  });

  it('chat: channel as channelUuid and userTwoFullName; messages sent and read with fromUserId, toUserId, contents', async () => {
    const one = await tokenFor(suite.t, ['ROLE_KT']);
    const two = await tokenFor(suite.t, ['ROLE_CSKH']);
    const channel = await ok(
      'PUT',
      '/private-chat/channel',
      { userIdOne: one.user.id, userIdTwo: two.user.id },
      one.headers,
    );
    expect(channel).toMatchObject({ channelUuid: expect.any(String), userTwoFullName: `Name ${two.user.username}` });
    const url = `/private-chat/channel/${channel.channelUuid}`;
    const message = { fromUserId: one.user.id, toUserId: two.user.id, contents: 'Xin chào' };
    await ok('POST', `${url}/messages`, message, one.headers);
    const page = await ok('GET', url, undefined, two.headers);
    expect(page.items).toEqual([expect.objectContaining(message)]);
    // a sender or a receiver other than the channel's is refused
    for (const bad of [
      { ...message, fromUserId: two.user.id },
      { ...message, toUserId: one.user.id },
    ]) {
      expect((await call('POST', `${url}/messages`, bad, one.headers)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
