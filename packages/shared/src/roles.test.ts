import { describe, expect, it } from 'vitest';
import { can, permissionFlags, ROLE_NAMES, showManageMenu, showUsersEntry } from './roles.ts';

describe('permission flags (from the first role)', () => {
  const expected: Record<string, [boolean, boolean, boolean, boolean]> = {
    ROLE_ADMIN: [false, true, true, true],
    ROLE_LEAD_KT: [true, false, true, true],
    ROLE_KT: [true, true, false, true],
    ROLE_MANAGER: [true, true, true, false],
    ROLE_CSKH: [true, true, true, false],
    ROLE_LEAD_KD: [true, true, true, false],
    ROLE_KH: [true, true, true, true],
  };
  for (const role of ROLE_NAMES) {
    it(`derives the flags of ${role}`, () => {
      const f = permissionFlags([role]);
      expect([f.viewManage, f.viewLeadKT, f.viewKT, f.viewUser]).toEqual(expected[role]);
    });
  }

  it('uses only the first role', () => {
    expect(permissionFlags(['ROLE_KH', 'ROLE_ADMIN']).viewManage).toBe(true);
    expect(permissionFlags(['ROLE_ADMIN', 'ROLE_KH']).viewManage).toBe(false);
  });

  it('treats a user without roles as having no view', () => {
    expect(permissionFlags([])).toEqual({ viewManage: true, viewLeadKT: true, viewKT: true, viewUser: true });
  });

  it('shows the Manage menu to ADMIN, LEAD_KT and KT only', () => {
    const shown = ROLE_NAMES.filter((r) => showManageMenu(permissionFlags([r])));
    expect(shown).toEqual(['ROLE_ADMIN', 'ROLE_LEAD_KT', 'ROLE_KT']);
  });

  it('shows the users entry to ADMIN and LEAD_KT only', () => {
    const shown = ROLE_NAMES.filter((r) => showUsersEntry(permissionFlags([r])));
    expect(shown).toEqual(['ROLE_ADMIN', 'ROLE_LEAD_KT']);
  });

  it('gives capabilities as in docs/architecture.md', () => {
    const holders = (c: Parameters<typeof can>[1]) => ROLE_NAMES.filter((r) => can([r], c));
    expect(holders('userAdmin')).toEqual(['ROLE_ADMIN', 'ROLE_LEAD_KT']);
    expect(holders('terminalTrust')).toEqual(['ROLE_ADMIN', 'ROLE_LEAD_KT']);
    expect(holders('manage')).toEqual(['ROLE_ADMIN', 'ROLE_LEAD_KT', 'ROLE_KT']);
    expect(holders('parameters')).toEqual(['ROLE_ADMIN']);
    expect(holders('allSites')).not.toContain('ROLE_KH');
    expect(holders('allSites')).toHaveLength(6);
    expect(holders('dashboards')).toHaveLength(7);
  });
});
