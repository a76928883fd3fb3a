import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalIsOurs, toBlockedDevices, toConnectedDevices, toGuestLogin, toSites, toVoucher } from './unifi.map.ts';

const dir = path.resolve(import.meta.dirname, '../../../test-fixtures/unifi');
const data = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')).data as Record<string, unknown>[];

describe('the client against the captured controller responses', () => {
  it('reads vouchers: duration in minutes, limits from their own fields, code as 5-5', () => {
    const [used, limited] = data('stat-voucher.json').map(toVoucher);
    expect(used).toMatchObject({
      id: '657e370a4543a555901865c7',
      code: '74700-75124',
      duration: 5184000,
      quota: 0,
      used: 2,
      up: null,
      down: null,
      byteQuota: null,
      note: 'auto-generated',
      createTime: 1638342818000,
      status: 'USED_MULTIPLE',
    });
    expect(limited).toMatchObject({
      code: '44703-44703',
      duration: 480,
      up: 2000,
      down: 5000,
      byteQuota: 1000,
      note: '',
      status: 'VALID_ONE',
    });
  });

  it('reads online clients and names their access point and band', () => {
    const aps = data('stat-device.uap-ac-pro.json');
    const wireless = data('stat-sta.wireless.json');
    const station = { ...(wireless[0] as Record<string, unknown>), ap_mac: aps[0]?.mac };
    const [device] = toConnectedDevices([station], aps);
    expect(device).toMatchObject({
      mac: wireless[0]?.mac,
      essid: wireless[0]?.essid,
      apName: aps[0]?.name,
      band: '5 GHz',
      download: wireless[0]?.tx_bytes,
      upload: wireless[0]?.rx_bytes,
      uptime: wireless[0]?.uptime,
    });
    expect(device?.name).toBe(wireless[0]?.hostname || wireless[0]?.name || wireless[0]?.mac);
    const [wired] = toConnectedDevices(data('stat-sta.wired.json'), []);
    expect(wired?.band).toBe('');
  });

  it('reads the block list with times in ms', () => {
    const blocked = toBlockedDevices(data('handmade/stat-alluser.blocked.json'));
    expect(blocked[0]).toEqual({
      mac: 'f0:18:98:4a:2c:11',
      name: "Lan's phone",
      firstSeen: 1709251200000,
      lastSeen: 1714490000000,
    });
    expect(blocked.every((b) => b.name)).toBe(true);
  });

  it("reads a site's guest access: its guests' time, and whether its portal is the console's", () => {
    const [setting] = data('handmade/get-setting.guest_access.json');
    const login = toGuestLogin(setting);
    expect(login).toMatchObject({ enabled: true, auth: 'hotspot', minutes: 480, externalAddress: '' });
    // the controller's own portal, however on it is, is not the console's
    expect(portalIsOurs(login, '203.0.113.10')).toBe(false);
    const ours = {
      ...setting,
      auth: 'custom',
      custom_ip: '203.0.113.10',
      voucher_enabled: false,
      password_enabled: true,
    };
    expect(portalIsOurs(toGuestLogin(ours), '203.0.113.10')).toBe(true);
    expect(toGuestLogin(ours).auth).toBe('password');
    expect(portalIsOurs(toGuestLogin(ours), '198.51.100.7')).toBe(false);
    expect(portalIsOurs(toGuestLogin(ours), '')).toBe(false);
    expect(portalIsOurs(toGuestLogin({ ...ours, portal_enabled: false }), '203.0.113.10')).toBe(false);
    expect(portalIsOurs(toGuestLogin({ ...ours, auth: 'facebook_wifi' }), '203.0.113.10')).toBe(false);
    // a custom time (expire 'custom', or none) is expire_number × expire_unit; nothing usable: 8 hours
    expect(toGuestLogin({ expire: 'custom', expire_number: 3, expire_unit: 1440 }).minutes).toBe(4320);
    expect(toGuestLogin({ expire_number: 90, expire_unit: 1 }).minutes).toBe(90);
    expect(toGuestLogin({ expire: '120' }).minutes).toBe(120);
    expect(toGuestLogin({ expire: -5 }).minutes).toBe(480);
    expect(toGuestLogin(undefined).minutes).toBe(480);
  });

  it('reads sites', () => {
    expect(toSites(data('self-sites.json'))).toEqual([{ name: 'default', desc: 'Default' }]);
  });

  it('parses every enveloped fixture file', () => {
    const files = readdirSync(dir).filter(
      (f) => f.endsWith('.json') && !f.startsWith('v2-') && !f.startsWith('ws-') && f !== 'login-unifios.json',
    );
    expect(files.length).toBeGreaterThan(15);
    for (const f of files) {
      const json = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
      expect(json.meta?.rc, f).toBe('ok');
      expect(Array.isArray(json.data), f).toBe(true);
    }
  });
});
