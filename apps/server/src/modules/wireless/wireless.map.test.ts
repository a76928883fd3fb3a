import { describe, expect, it } from 'vitest';
import { fromControllerSchedule, hiddenMatcher, isShownGroup, toControllerSchedule, toWlan } from './wireless.map.ts';

describe('wireless fields', () => {
  it("writes windows as the controller's day|HHmm-HHmm, a day in order, midnight as 2400, and reads them back", () => {
    const windows = [
      { day: 'sun', from: 1260, to: 1440 },
      { day: 'mon', from: 480, to: 1080 },
      { day: 'mon', from: 0, to: 15 },
    ] as const;
    const strings = toControllerSchedule([...windows]);
    expect(strings).toEqual(['mon|0000-0015', 'mon|0800-1800', 'sun|2100-2400']);
    expect(fromControllerSchedule(strings)).toEqual([windows[2], windows[1], windows[0]]);
  });

  it('leaves out what it cannot read in a schedule', () => {
    expect(fromControllerSchedule(['mon|1800-0800', 'funday|0800-1000', 'tue|0800-1000', 7])).toEqual([
      { day: 'tue', from: 480, to: 600 },
    ]);
    expect(fromControllerSchedule(undefined)).toEqual([]);
  });

  it('hides the networks whose name holds one of the words, whatever their case', () => {
    const hidden = hiddenMatcher('tps tpcoms');
    expect(['TPS-mgmt', 'noc-TPCOMS', 'tps'].every(hidden)).toBe(true);
    expect(['HoaMai-Guest', 'T P S'].some(hidden)).toBe(false);
    expect(hiddenMatcher('')('anything')).toBe(false);
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
});
