import { describe, expect, it } from 'vitest';
import { auditAreaOf, auditDetailParts } from './audit.ts';

describe('an audit line read', () => {
  it('says each change before and after, a field made by its value, a secret as changed, and leaves out the empty', () => {
    expect(
      auditDetailParts({
        changed: {
          phone: ['0903 000 111', '0912 000 222'],
          name: [null, 'Kênh Hoa Mai'],
          street: ['12 Lê Lợi', ''],
          virtualNum: ['', null],
          password: ['(changed)'],
          ipWan1: { from: '10.0.0.1', to: '10.0.0.2' },
          odd: 'text',
        },
        rows: 3,
        site: '',
        ids: [],
        sites: ['hoamai01'],
      }),
    ).toEqual([
      'phone: 0903 000 111 → 0912 000 222',
      'name: Kênh Hoa Mai',
      'street: 12 Lê Lợi → —',
      'password: (changed)',
      'ipWan1: 10.0.0.1 → 10.0.0.2',
      'odd: text',
      'rows: 3',
      'sites: ["hoamai01"]',
    ]);
    expect(auditDetailParts(null)).toEqual([]);
  });

  it('knows the area of each kind of event, and of none for an unknown one', () => {
    expect(auditAreaOf('signin.failure')).toBe('account');
    expect(auditAreaOf('device.block')).toBe('devices');
    expect(auditAreaOf('deviceInfo.reveal')).toBe('deviceInfo');
    expect(auditAreaOf('deviceToken.rotate')).toBe('wanLinks');
    expect(auditAreaOf('controller.update')).toBe('settings');
    expect(auditAreaOf('something.else')).toBeUndefined();
  });
});
