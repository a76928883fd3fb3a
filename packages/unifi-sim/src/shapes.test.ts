import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { TestClient } from './testing/client.ts';
import { fixture, requestFixture, shapeProblems } from './testing/shape.ts';
import type { JsonObject } from './world.ts';

const NOW = Date.UTC(2024, 4, 2, 3, 30); // Thursday 10:30 in Vietnam
let sim: Simulator;
let client: TestClient;
let siteNames: string[];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7, now: () => NOW });
  client = new TestClient(sim);
  await client.login();
  siteNames = sim.state.sites.map((s) => s.name);
});
afterAll(() => sim.close());

/** rows of a GET/POST for every site, concatenated */
async function everySite(method: string, path: string, body?: unknown): Promise<JsonObject[]> {
  const out: JsonObject[] = [];
  for (const name of siteNames) out.push(...(await client.data(method, `/api/s/${name}${path}`, body)));
  return out;
}

describe('answers have the keys and JSON types of the captured fixtures', () => {
  it('self/sites and stat/sites', async () => {
    const sites = await client.data('GET', '/api/self/sites');
    expect(sites.length).toBeGreaterThanOrEqual(5);
    const def = sites.filter((s) => s.name === 'default');
    expect(def).toMatchObject([{ desc: 'Default' }]);
    expect(shapeProblems(def, fixture('self-sites.json').data)).toEqual([]);
    const others = sites.filter((s) => s.name !== 'default');
    expect(shapeProblems(others, fixture('self-sites.json').data, { keys: ['_id', 'name', 'desc', 'role'] })).toEqual(
      [],
    );
    for (const s of others) expect(s.name).toMatch(/^[a-z]{8}$/);
    expect(others.map((s) => s.desc)).toContain('Khách sạn Hoa Mai');

    const stat = await client.data('GET', '/api/stat/sites');
    expect(stat.map((s) => s.name)).toEqual(sites.map((s) => s.name));
    for (const s of stat) expect(shapeProblems(s.health as JsonObject[], fixture('stat-health.json').data)).toEqual([]);
  });

  it('stat/voucher', async () => {
    await client.data('POST', '/api/s/default/cmd/hotspot', requestFixture('create-voucher.qos').body);
    const vouchers = await everySite('GET', '/stat/voucher');
    expect(shapeProblems(vouchers, fixture('stat-voucher.json').data)).toEqual([]);
    for (const v of vouchers) expect(v.code).toMatch(/^\d{10}$/);
  });

  it('stat/sta', async () => {
    const stas = await everySite('GET', '/stat/sta');
    expect(stas.length).toBeGreaterThan(10);
    expect(
      shapeProblems(stas, fixture('stat-sta.wireless.json').data, {
        optional: ['name', 'hostname', 'noted', 'fixed_ip', 'device_name', 'dev_id_override', 'fingerprint_override'],
      }),
    ).toEqual([]);
    // some clients have no hostname, as on a real controller
    expect(stas.some((s) => !('hostname' in s))).toBe(true);
    for (const s of stas) {
      expect(s.is_wired).toBe(false);
      expect(['ng', 'na']).toContain(s.radio);
      expect(s.mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    }
  });

  it('stat/device: the fields the console uses, and shared fields with the same types', async () => {
    const devices = await everySite('GET', '/stat/device');
    const capture = fixture('stat-device.uap-ac-pro.json').data;
    const consoleKeys = [
      '_id',
      'mac',
      'name',
      'model',
      'type',
      'ip',
      'state',
      'uptime',
      'num_sta',
      'bytes',
      'tx_bytes',
      'rx_bytes',
      'radio_table',
      'vap_table',
      'last_seen',
      'adopted',
    ];
    expect(shapeProblems(devices, capture, { keys: consoleKeys })).toEqual([]);
    expect(shapeProblems(devices, capture, { keys: Object.keys(devices[0]).filter((k) => k in capture[0]) })).toEqual(
      [],
    );
    const radios = devices.flatMap((d) => d.radio_table as JsonObject[]);
    expect(shapeProblems(radios, capture[0].radio_table as JsonObject[])).toEqual([]);
    const vaps = devices.flatMap((d) => d.vap_table as JsonObject[]);
    const vapKeys = Object.keys(vaps[0]).filter((k) => k in (capture[0].vap_table as JsonObject[])[0]);
    expect(vapKeys).toEqual(expect.arrayContaining(['essid', 'radio', 'num_sta']));
    expect(shapeProblems(vaps, capture[0].vap_table as JsonObject[], { keys: vapKeys })).toEqual([]);
    expect(new Set(devices.map((d) => d.state))).toEqual(new Set([0, 1]));
    for (const d of devices) expect(d.type).toBe('uap');
  });

  it('stat/health: every subsystem like the capture; wlan status from the access points', async () => {
    const capture = fixture('stat-health.json').data;
    const statuses = new Set<unknown>();
    for (const name of siteNames) {
      const health = await client.data('GET', `/api/s/${name}/stat/health`);
      expect(health.map((h) => h.subsystem)).toEqual(['wlan', 'wan', 'www', 'lan', 'vpn']);
      for (const h of health) {
        const expected = capture.filter((c) => c.subsystem === h.subsystem);
        expect(shapeProblems([h], expected), String(h.subsystem)).toEqual([]);
      }
      const wlan = health[0];
      const devices = await client.data('GET', `/api/s/${name}/stat/device`);
      const down = devices.filter((d) => d.state !== 1).length;
      expect(wlan.num_ap).toBe(devices.length);
      expect(wlan.num_disconnected).toBe(down);
      expect(wlan.status).toBe(
        devices.length === 0 ? 'unknown' : down === 0 ? 'ok' : down === devices.length ? 'error' : 'warning',
      );
      const sta = await client.data('GET', `/api/s/${name}/stat/sta`);
      expect(Number(wlan.num_user) + Number(wlan.num_guest)).toBe(sta.length);
      statuses.add(wlan.status);
    }
    // the demo has a site of each status: all up, one down, all down (error), none yet (unknown)
    expect(statuses).toEqual(new Set(['ok', 'warning', 'error', 'unknown']));
    const other = await startSimulator({ port: 0, seed: 7, now: () => NOW });
    try {
      const site = other.state.sites[2];
      for (const d of site.devices) other.setDeviceConnected(site.name, d.mac, false);
      expect(other.siteStatuses()[site.name]).toBe('error');
    } finally {
      await other.close();
    }
  });

  it('stat/alluser (blocked), stat/guest, get/setting, rest/wlangroup, rest/wlanconf, sysinfo', async () => {
    const blocked = await everySite('POST', '/stat/alluser', { type: 'blocked', conn: 'all', within: 8760 });
    expect(shapeProblems(blocked, fixture('handmade/stat-alluser.blocked.json').data)).toEqual([]);
    for (const name of siteNames) {
      const own = await client.data('POST', `/api/s/${name}/stat/alluser`, { type: 'blocked', conn: 'all' });
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
    }

    const guests = await everySite('POST', '/stat/guest', { within: 24 * 30 });
    expect(shapeProblems(guests, fixture('handmade/stat-guest.json').data)).toEqual([]);
    expect(new Set(guests.map((g) => g.is_returning))).toEqual(new Set([true, false]));

    const settings = await client.data('GET', '/api/s/default/get/setting');
    const guestAccess = settings.filter((s) => s.key === 'guest_access');
    expect(shapeProblems(guestAccess, fixture('handmade/get-setting.guest_access.json').data)).toEqual([]);

    const groups = await client.data('GET', '/api/s/default/rest/wlangroup');
    expect(groups.map((g) => g.attr_hidden_id)).toEqual(['Default', 'Off']);
    expect(
      shapeProblems(groups, fixture('handmade/rest-wlangroup.json').data.slice(0, 2), {
        keys: ['_id', 'name', 'site_id'],
      }),
    ).toEqual([]);

    const wlans = await everySite('GET', '/rest/wlanconf');
    expect(
      shapeProblems(wlans, fixture('rest-wlanconf.json').data, { absentOk: ['minrate_ng_cck_rates_enabled'] }),
    ).toEqual([]);
    for (const name of siteNames) {
      const own = await client.data('GET', `/api/s/${name}/rest/wlanconf`);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.filter((w) => w.is_guest === true)).toHaveLength(1);
    }

    const sysinfo = await client.data('GET', '/api/s/default/stat/sysinfo');
    expect(shapeProblems(sysinfo, fixture('stat-sysinfo.json').data)).toEqual([]);
    expect(sysinfo[0].timezone).toBe('Asia/Ho_Chi_Minh');
  });

  it('site reports: rows like the hand-made ones, only the attributes asked', async () => {
    const attrs = ['time', 'wan-tx_bytes', 'wan-rx_bytes', 'wlan_bytes', 'num_sta', 'lan-num_sta', 'wlan-num_sta'];
    const windows = {
      '5minutes': [NOW - 3 * 3_600_000, NOW, 36],
      hourly: [NOW - 2 * 86_400_000, NOW, 48],
      daily: [NOW - 30 * 86_400_000, NOW, 30],
    } as const;
    for (const [interval, [start, end, rows]] of Object.entries(windows)) {
      const data = await client.data('POST', `/api/s/default/stat/report/${interval}.site`, { attrs, start, end });
      expect(data.length, interval).toBeGreaterThanOrEqual(rows - 1);
      expect(data.length, interval).toBeLessThanOrEqual(rows + 1);
      expect(shapeProblems(data, fixture(`handmade/stat-report-${interval}.site.json`).data), interval).toEqual([]);
      for (const row of data) {
        expect(Object.keys(row).sort()).toEqual([...attrs, 'site', 'o', 'oid'].sort());
        expect(row.o).toBe('site');
        expect(row.time as number).toBeLessThanOrEqual(end);
        expect(row.num_sta).toBe(Number(row['wlan-num_sta']) + Number(row['lan-num_sta']));
      }
    }
    const few = await client.data('POST', '/api/s/default/stat/report/hourly.site', {
      attrs: ['time', 'wlan-num_sta'],
      start: NOW - 86_400_000,
      end: NOW,
    });
    expect(Object.keys(few[0])).toEqual(['time', 'wlan-num_sta', 'site', 'o', 'oid']);
    expect(few.every((r) => (r.time as number) % 3_600_000 === 0)).toBe(true);
  });

  it('ap and user reports', async () => {
    const devices = await client.data('GET', '/api/s/default/stat/device');
    const ap = await client.data('POST', '/api/s/default/stat/report/hourly.ap', {
      attrs: ['time', 'bytes', 'num_sta'],
      start: NOW - 86_400_000,
      end: NOW,
      mac: devices[0].mac,
    });
    expect(ap.length).toBeGreaterThan(20);
    for (const r of ap) expect(r).toMatchObject({ o: 'ap', oid: devices[0].mac });
    expect(typeof ap[0].bytes).toBe('number');

    const users = await client.data('POST', '/api/s/default/stat/report/hourly.user', {
      attrs: ['time', 'rx_bytes', 'tx_bytes'],
      start: NOW - 86_400_000,
      end: NOW,
    });
    expect(users.length).toBeGreaterThan(0);
    for (const r of users) expect(r.o).toBe('user');
  });
});
