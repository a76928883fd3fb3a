import { describe, expect, it } from 'vitest';
import {
  fromControllerSchedule,
  hiddenMatcher,
  isShownGroup,
  toControllerSchedule,
  toGuestAccess,
  toHotspot,
  toWlan,
} from './wireless.map.ts';

describe('wireless fields', () => {
  it("writes windows as the controller's day|HHmm-HHmm, a day in order, midnight as 2400, and reads them back", () => {
    const windows = [
      { day: 'sun', from: 1260, to: 1440 },
      { day: 'mon', from: 480, to: 1080 },
      { day: 'mon', from: 15, to: 30 },
    ] as const;
    const strings = toControllerSchedule([...windows]);
    expect(strings).toEqual(['mon|0015-0030', 'mon|0800-1800', 'sun|2100-2400']);
    expect(fromControllerSchedule(strings)).toEqual([windows[2], windows[1], windows[0]]);
  });

  it("reads another tool's times widened to the slider's quarter hours, from midnight to midnight", () => {
    expect(fromControllerSchedule(['sat|0000-2400', 'sun|0007-0950'])).toEqual([
      { day: 'sat', from: 0, to: 1440 },
      { day: 'sun', from: 0, to: 600 },
    ]);
    expect(fromControllerSchedule(['mon|0000-0015'])).toEqual([{ day: 'mon', from: 0, to: 15 }]);
  });

  it('leaves out what it cannot read in a schedule', () => {
    expect(fromControllerSchedule(['mon|1800-0800', 'funday|0800-1000', 'tue|0800-1000', 7])).toEqual([
      { day: 'tue', from: 480, to: 600 },
    ]);
    expect(fromControllerSchedule(undefined)).toEqual([]);
  });

  it('hides the networks whose name holds one of the words as a whole word, whatever their case', () => {
    const hidden = hiddenMatcher('tps tpcoms');
    expect(['TPS-mgmt', 'noc-TPCOMS', 'tps', 'Tầng 2 (TPS)', 'noc_tpcoms', 'TPcoms Guest'].every(hidden)).toBe(true);
    expect(['HoaMai-Guest', 'T P S', 'Laptops', 'TPSGuest', 'tpcoms2', 'mytpcoms'].some(hidden)).toBe(false);
    expect(hiddenMatcher('')('anything')).toBe(false);
    expect(hiddenMatcher('  ')('anything')).toBe(false);
    // a word is taken as it is written, not as a pattern
    expect(hiddenMatcher('a.b')('axb')).toBe(false);
    expect(hiddenMatcher('a.b')('net a.b')).toBe(true);
  });

  it('hides the Off group, and gives a passphrase only when asked to', () => {
    expect(isShownGroup({ name: 'Off', attr_hidden_id: 'Off' })).toBe(false);
    expect(isShownGroup({ name: 'off' })).toBe(false);
    expect(isShownGroup({ name: 'Default', attr_hidden_id: 'Default' })).toBe(true);
    const raw = { _id: 'a', name: 'X', security: 'wpapsk', x_passphrase: 'secret-12', vlan: '20', vlan_enabled: true };
    expect(toWlan(raw, true)).toMatchObject({ passphrase: 'secret-12', vlan: 20 });
    expect(toWlan(raw, false).passphrase).toBe('');
    expect(toWlan({ ...raw, vlan: '' }, false).vlan).toBeNull();
  });

  it("points the controller's external portal at the console when it has an address, and reads the site's choice back", () => {
    const input = { enabled: true, portalName: 'Hoa Mai', auth: 'hotspot' as const, promoUrl: '' };
    const pointed = toGuestAccess(input, 'kept-pass', '203.0.113.10');
    expect(pointed).toMatchObject({ auth: 'custom', custom_ip: '203.0.113.10', voucher_enabled: true });
    const target = { address: '203.0.113.10', site: 'abc12345' };
    expect(toHotspot(pointed, true, target)).toMatchObject({ auth: 'hotspot', external: true });
    expect(toHotspot(pointed, true, { ...target, address: '198.51.100.7' })).toMatchObject({ external: false });
    // without an address the controller's own portal asks: a password portal is its hotspot with the password switch
    // on (`auth` takes none, hotspot, facebook_wifi or custom: paultyng/go-unifi setting_guest_access)
    const own = toGuestAccess({ ...input, auth: 'password' }, 'kept-pass', '');
    expect(own).toMatchObject({
      auth: 'hotspot',
      password_enabled: true,
      voucher_enabled: false,
      x_password: 'kept-pass',
    });
    expect(toGuestAccess({ ...input, auth: 'none' }, '', '')).toMatchObject({ auth: 'none' });
    expect(toHotspot(toGuestAccess(input, '', ''), true, target)).toMatchObject({ auth: 'hotspot' });
    expect(own).not.toHaveProperty('custom_ip');
    expect(toHotspot(own, true, { address: '', site: 'abc12345' })).toMatchObject({
      auth: 'password',
      password: 'kept-pass',
      portalUrl: '',
      external: false,
    });
    // what a controller set by hand holds: its hotspot with neither switch is still a hotspot; Facebook wifi is
    // none of the console's three; a console before this one wrote `password` itself
    expect(toHotspot({ auth: 'hotspot' }, true, target)).toMatchObject({ auth: 'hotspot' });
    expect(toHotspot({ auth: 'facebook_wifi' }, true, target)).toMatchObject({ auth: 'facebook_wifi' });
    expect(toHotspot({ auth: 'password', x_password: 'p' }, true, target)).toMatchObject({ auth: 'password' });
    // an external portal that asks nothing more, and someone else's
    expect(toHotspot({ auth: 'custom', custom_ip: '192.0.2.1' }, true, target)).toMatchObject({
      auth: 'none',
      external: false,
    });
  });
});
