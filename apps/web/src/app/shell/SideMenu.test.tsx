import { ROLE_NAMES } from '@it4u/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canOpenPath } from './menu.ts';
import { SideMenu } from './SideMenu.tsx';

const expected: Record<string, { manage: boolean; users: boolean }> = {
  ROLE_ADMIN: { manage: true, users: true },
  ROLE_LEAD_KT: { manage: true, users: true },
  ROLE_KT: { manage: true, users: false },
  ROLE_MANAGER: { manage: false, users: false },
  ROLE_CSKH: { manage: false, users: false },
  ROLE_LEAD_KD: { manage: false, users: false },
  ROLE_KH: { manage: false, users: false },
};

describe('side menu visibility (permission flags of packages/shared/src/roles.ts)', () => {
  for (const role of ROLE_NAMES) {
    it(`shows Manage and Users to ${role} per the flags`, () => {
      render(
        <MemoryRouter initialEntries={['/home']}>
          <SideMenu roles={[role]} userName="Test Person" />
        </MemoryRouter>,
      );
      expect(screen.getByText('Home')).toBeTruthy();
      expect(screen.queryByText('Manage') !== null).toBe(expected[role].manage);
      if (expected[role].manage) fireEvent.click(screen.getByText('Manage'));
      expect(screen.queryByText('Users') !== null).toBe(expected[role].users);
      expect(screen.queryByText('Device information') !== null).toBe(expected[role].manage);
      expect(canOpenPath('/users', [role])).toBe(expected[role].users);
      expect(canOpenPath('/clientDeviceInf', [role])).toBe(expected[role].manage);
      expect(screen.queryByText('Supplies') !== null).toBe(expected[role].manage);
      expect(canOpenPath('/supplies', [role])).toBe(expected[role].manage);
      expect(screen.queryByText('Channels') !== null).toBe(expected[role].manage);
      expect(canOpenPath('/channel', [role])).toBe(expected[role].manage);
      expect(canOpenPath('/home', [role])).toBe(true);
    });
  }

  it('opens the sub-menu of the current screen', () => {
    render(
      <MemoryRouter initialEntries={['/clientDeviceInf']}>
        <SideMenu roles={['ROLE_KT']} userName="Test Person" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Device information')).toBeTruthy();
  });

  it('shows the user name', () => {
    render(
      <MemoryRouter>
        <SideMenu roles={['ROLE_KH']} userName="Nguyễn Văn A" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nguyễn Văn A')).toBeTruthy();
  });
});
