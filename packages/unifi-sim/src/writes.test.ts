import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { TestClient } from './testing/client.ts';
import { requestFixture } from './testing/shape.ts';

const NOW = Date.UTC(2024, 4, 2, 3, 30); // Thursday 10:30 in Vietnam
let now = NOW;
let sim: Simulator;
let client: TestClient;

beforeEach(async () => {
  now = NOW;
  sim = await startSimulator({ port: 0, seed: 3, now: () => now });
  client = new TestClient(sim);
  await client.login();
});
afterEach(() => sim.close());

describe('vouchers', () => {
  it('creates 3 vouchers with the duration and limits asked, then revokes one', async () => {
    const before = await client.data('GET', '/api/s/default/stat/voucher');
    const created = await client.data('POST', '/api/s/default/cmd/hotspot', {
      cmd: 'create-voucher',
      n: 3,
      quota: 1,
      expire: 480,
      up: 2000,
      down: 5000,
      bytes: 1000,
      note: 'Phòng 305',
    });
    expect(created).toEqual([{ create_time: Math.floor(NOW / 1000) }]);

    const batch = await client.data('GET', `/api/s/default/stat/voucher?create_time=${created[0].create_time}`);
    expect(batch).toHaveLength(3);
    for (const v of batch) {
      expect(v).toMatchObject({
        duration: 480,
        quota: 1,
        used: 0,
        note: 'Phòng 305',
        qos_overwrite: true,
        qos_rate_max_up: 2000,
        qos_rate_max_down: 5000,
        qos_usage_quota: 1000,
        status: 'VALID_ONE',
      });
      expect(v.code).toMatch(/^\d{10}$/);
    }
    expect(new Set(batch.map((v) => v.code)).size).toBe(3);
    expect(await client.data('GET', '/api/s/default/stat/voucher')).toHaveLength(before.length + 3);

    await client.data('POST', '/api/s/default/cmd/hotspot', { cmd: 'delete-voucher', _id: batch[1]._id });
    const after = await client.data('GET', '/api/s/default/stat/voucher');
    expect(after).toHaveLength(before.length + 2);
    expect(after.map((v) => v._id)).not.toContain(batch[1]._id);

    const again = await client.call('POST', '/api/s/default/cmd/hotspot', { cmd: 'delete-voucher', _id: batch[1]._id });
    expect(again.status).toBe(400);
    expect(again.json.meta).toEqual({ rc: 'error', msg: 'api.err.NoSuchVoucher' });
  });

  it('accepts expire_number x expire_unit and no limits (the aiounifi request)', async () => {
    const { up, down, bytes, ...sent } = requestFixture('create-voucher').body;
    const body = { ...sent, quota: 0, expire_number: 2, expire_unit: 1440 };
    expect([up, down, bytes].every((v) => typeof v === 'number')).toBe(true);
    const [{ create_time }] = await client.data('POST', '/api/s/default/cmd/hotspot', body);
    const [v] = await client.data('POST', '/api/s/default/stat/voucher', { create_time });
    expect(v).toMatchObject({ duration: 2880, quota: 0, qos_overwrite: false, status: 'VALID_MULTI' });
    expect(v).not.toHaveProperty('qos_rate_max_up');
  });
});

describe('clients', () => {
  it('blocks an online client (gone from stat/sta, blocked in alluser) and unblocks it', async () => {
    const online = await client.data('GET', '/api/s/default/stat/sta');
    expect(online.length).toBeGreaterThan(0);
    const mac = String(online[0].mac);

    const blocked = await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'block-sta', mac });
    expect(blocked[0]).toMatchObject({ mac, blocked: true });
    expect((await client.data('GET', '/api/s/default/stat/sta')).map((s) => s.mac)).not.toContain(mac);
    const list = await client.data('POST', '/api/s/default/stat/alluser', { type: 'blocked', conn: 'all', within: 24 });
    expect(list.find((u) => u.mac === mac)).toMatchObject({ blocked: true, hostname: online[0].hostname });

    await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'unblock-sta', mac });
    expect((await client.data('GET', '/api/s/default/stat/sta')).map((s) => s.mac)).toContain(mac);
    const after = await client.data('POST', '/api/s/default/stat/alluser', {
      type: 'blocked',
      conn: 'all',
      within: 24,
    });
    expect(after.map((u) => u.mac)).not.toContain(mac);
    const all = await client.data('POST', '/api/s/default/stat/alluser', { type: 'all', conn: 'all', within: 24 });
    expect(all.find((u) => u.mac === mac)).toMatchObject({ blocked: false });
  });

  it('refuses an upper-case or malformed mac and an unknown command', async () => {
    const bad = await client.call('POST', '/api/s/default/cmd/stamgr', { cmd: 'block-sta', mac: 'AA:BB:CC:DD:EE:FF' });
    expect(bad.status).toBe(400);
    expect(bad.json.meta?.rc).toBe('error');
    const unknown = await client.call('POST', '/api/s/default/cmd/stamgr', { cmd: 'dance', mac: '00:11:22:33:44:55' });
    expect(unknown.status).toBe(400);
  });

  it('accepts kick-sta (the client is away for a minute), authorize-guest and forget-sta', async () => {
    const [first] = await client.data('GET', '/api/s/default/stat/sta');
    const mac = String(first.mac);
    await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'kick-sta', mac });
    expect((await client.data('GET', '/api/s/default/stat/sta')).map((s) => s.mac)).not.toContain(mac);
    now += 61_000;
    expect((await client.data('GET', '/api/s/default/stat/sta')).map((s) => s.mac)).toContain(mac);
    await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'authorize-guest', mac, minutes: 60 });
    await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'forget-sta', macs: [mac] });
  });

  it('lets a guest in through authorize-guest with its limits: stat/guest lists it until its time is up', async () => {
    const mac = '02:11:22:33:44:55';
    const [ap] = await client.data('GET', '/api/s/default/stat/device');
    const let_in = { cmd: 'authorize-guest', mac, minutes: 120, up: 512, down: 2048, bytes: 300, ap_mac: ap?.mac };
    const [given] = await client.data('POST', '/api/s/default/cmd/stamgr', let_in);
    expect(given).toMatchObject({ mac, authorized_by: 'api', end: Math.floor(NOW / 1000) + 7200 });
    const listed = async () =>
      (await client.data('GET', '/api/s/default/stat/guest?within=24')).find((g) => g.mac === mac);
    expect(await listed()).toMatchObject({
      authorized_by: 'api',
      duration: 7200,
      ap_mac: ap?.mac,
      qos_rate_max_up: 512,
      qos_rate_max_down: 2048,
      qos_usage_quota: 300,
      expired: false,
    });
    // the phone is on the guest network, let in
    expect(await client.data('GET', `/api/s/default/stat/sta/${mac}`)).toEqual([
      expect.objectContaining({ mac, ap_mac: ap?.mac, is_guest: true, authorized: true }),
    ]);
    expect(await client.data('GET', '/api/s/default/stat/sta/02:11:22:33:44:56')).toEqual([]);
    now += 121 * 60_000;
    await client.login(); // the controller's session has expired meanwhile
    expect((await listed())?.expired).toBe(true);
    expect(await client.data('GET', `/api/s/default/stat/sta/${mac}`)).toEqual([]);
    await client.data('POST', '/api/s/default/cmd/stamgr', { cmd: 'unauthorize-guest', mac });
    expect(await listed()).toBeUndefined();
    const bad = await client.call('POST', '/api/s/default/cmd/stamgr', { cmd: 'authorize-guest', mac, minutes: -5 });
    expect(bad.json.meta?.rc).toBe('error');
  });
});

describe('guests let in through the API', () => {
  const guest = async (mac: string) =>
    (await client.data('POST', '/api/s/default/stat/guest', { within: 24 })).find((g) => g.mac === mac);

  it("records the guest as the API's, with the minutes and limits asked; a voucher's uses are not the API's", async () => {
    const [{ create_time }] = await client.data('POST', '/api/s/default/cmd/hotspot', {
      cmd: 'create-voucher',
      n: 1,
      quota: 1,
      expire: 480,
      note: 'Phòng 101',
    });
    const [made] = await client.data('POST', '/api/s/default/stat/voucher', { create_time });
    // Art-of-WiFi's authorize_guest sends mac, minutes, up, down, bytes and ap_mac; a voucher_id is not the API's
    const [given] = await client.data('POST', '/api/s/default/cmd/stamgr', {
      cmd: 'authorize-guest',
      mac: '02:00:00:00:a0:01',
      minutes: 120,
      up: 512,
      voucher_id: made?._id,
    });
    expect(given).toMatchObject({ mac: '02:00:00:00:a0:01', authorized_by: 'api' });
    expect(await guest('02:00:00:00:a0:01')).toMatchObject({ authorized_by: 'api', duration: 120 * 60 });
    expect(await guest('02:00:00:00:a0:01')).not.toHaveProperty('voucher_code');
    const [after] = await client.data('POST', '/api/s/default/stat/voucher', { create_time });
    expect(after).toMatchObject({ used: 0, status: 'VALID_ONE' });
  });
});

describe('sites, networks and settings', () => {
  it('adds a site with an 8-letter name that exists afterwards', async () => {
    const [created] = await client.data('POST', '/api/s/default/cmd/sitemgr', { cmd: 'add-site', desc: 'Quán Phở 24' });
    expect(created.name).toMatch(/^[a-z]{8}$/);
    expect(created).toMatchObject({ desc: 'Quán Phở 24' });
    expect(Object.keys(created).sort()).toEqual(['_id', 'desc', 'name']);
    const sites = await client.data('GET', '/api/self/sites');
    expect(sites.find((s) => s.name === created.name)).toMatchObject({ _id: created._id, desc: 'Quán Phở 24' });
    const health = await client.data('GET', `/api/s/${created.name}/stat/health`);
    expect(health[0]).toMatchObject({ subsystem: 'wlan', status: 'unknown', num_ap: 0 });
    expect(await client.data('GET', `/api/s/${created.name}/stat/sta`)).toEqual([]);
    expect((await client.data('GET', `/api/s/${created.name}/rest/wlangroup`)).map((g) => g.name)).toEqual([
      'Default',
      'Off',
    ]);
  });

  it('creates and edits a wireless network', async () => {
    const [group] = await client.data('GET', '/api/s/default/rest/wlangroup');
    const [created] = await client.data('POST', '/api/s/default/rest/wlanconf', {
      name: 'Sự kiện',
      security: 'wpapsk',
      x_passphrase: 'matkhau123',
      wlangroup_id: group._id,
      enabled: true,
    });
    expect(created).toMatchObject({ name: 'Sự kiện', security: 'wpapsk', site_id: sim.state.sites[0]._id });
    const id = String(created._id);
    expect((await client.data('GET', '/api/s/default/rest/wlanconf')).map((w) => w._id)).toContain(id);

    const disable = requestFixture('wlanconf-disable').body;
    const [edited] = await client.data('PUT', `/api/s/default/rest/wlanconf/${id}`, disable);
    expect(edited).toMatchObject({ _id: id, enabled: false, name: 'Sự kiện' });
    expect(await client.data('GET', `/api/s/default/rest/wlanconf/${id}`)).toMatchObject([{ enabled: false }]);

    const short = await client.call('PUT', `/api/s/default/rest/wlanconf/${id}`, { x_passphrase: 'short' });
    expect(short.status).toBe(400);
    const missing = await client.call('PUT', '/api/s/default/rest/wlanconf/000000000000000000000000', disable);
    expect(missing.status).toBe(400);

    // deleted: gone from the list and by its id; deleting it again is refused
    expect(await client.data('DELETE', `/api/s/default/rest/wlanconf/${id}`)).toEqual([]);
    expect((await client.data('GET', '/api/s/default/rest/wlanconf')).map((w) => w._id)).not.toContain(id);
    expect((await client.call('GET', `/api/s/default/rest/wlanconf/${id}`)).json.meta).toEqual({
      rc: 'error',
      msg: 'api.err.IdInvalid',
    });
    expect((await client.call('DELETE', `/api/s/default/rest/wlanconf/${id}`)).status).toBe(400);
  });

  it('creates a wlan group and applies it to access points', async () => {
    const [group] = await client.data('POST', '/api/s/default/rest/wlangroup', { name: 'Lobby APs', roam_radio: 'ng' });
    const devices = await client.data('GET', '/api/s/default/stat/device');
    await client.data('PUT', '/api/s/default/group/device', {
      id: [devices[0]._id],
      data: { radio_table: [{ radio: 'ng', wlangroup_id: group._id }] },
    });
    const [after] = await client.data('GET', '/api/s/default/stat/device');
    expect(after.wlangroup_id_ng).toBe(group._id);
  });

  it('saves the guest portal settings', async () => {
    const settings = await client.data('GET', '/api/s/default/get/setting');
    const guest = settings.find((s) => s.key === 'guest_access')!;
    // `auth` takes none, hotspot, facebook_wifi or custom (paultyng/go-unifi setting_guest_access): a password
    // portal is the hotspot with its password switch on
    const refused = await client.call('POST', `/api/s/default/set/setting/guest_access/${guest._id}`, {
      auth: 'password',
    });
    expect(refused.status).toBe(400);
    const [saved] = await client.data('POST', `/api/s/default/set/setting/guest_access/${guest._id}`, {
      auth: 'hotspot',
      password_enabled: true,
      x_password: 'khach2024',
      redirect_enabled: true,
      redirect_url: 'https://example.com/xin-chao',
      expire_number: 2,
      expire_unit: 1440,
    });
    expect(saved).toMatchObject({ auth: 'hotspot', expire: 2880, key: 'guest_access', _id: guest._id });
    const again = (await client.data('GET', '/api/s/default/get/setting')).find((s) => s.key === 'guest_access');
    expect(again).toMatchObject({
      auth: 'hotspot',
      password_enabled: true,
      x_password: 'khach2024',
      redirect_url: 'https://example.com/xin-chao',
    });
  });

  it('turns wlan health to warning and error as access points go down', async () => {
    const name = 'default';
    const wlan = async () => (await client.data('GET', `/api/s/${name}/stat/health`))[0];
    expect((await wlan()).status).toBe('ok');
    const macs = sim.state.sites[0].devices.map((d) => d.mac);
    sim.setDeviceConnected(name, macs[0], false);
    expect(await wlan()).toMatchObject({ status: 'warning', num_disconnected: 1 });
    for (const mac of macs) sim.setDeviceConnected(name, mac, false);
    expect(await wlan()).toMatchObject({ status: 'error', num_disconnected: macs.length, num_user: 0, num_guest: 0 });
    expect(sim.siteStatuses()[name]).toBe('error');
    expect(await client.data('GET', `/api/s/${name}/stat/sta`)).toEqual([]);
  });
});
