import { HomeOutlined } from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { activeMenuPath, canOpenPath, type MenuEntry, searchMenu, visibleMenu } from './menu.ts';

const labels: Record<string, string> = {
  'menu.home': 'Trang chủ',
  'menu.manage': 'Quản lý',
  'menu.users': 'Người dùng',
  'menu.channels': 'Kênh truyền',
  'menu.supplies': 'Vật tư',
  'menu.deviceInfo': 'Thông tin thiết bị',
};
const label = (key: string) => labels[key] ?? key;

describe('menu search', () => {
  const admin = visibleMenu(['ROLE_ADMIN']);

  it('keeps everything for an empty query', () => {
    expect(searchMenu(admin, '  ', label)).toBe(admin);
  });

  it('matches translated labels ignoring case and accents', () => {
    const found = searchMenu(admin, 'nguoi', label);
    expect(found.map((e) => e.key)).toEqual(['manage']);
    expect(found[0].children?.map((e) => e.key)).toEqual(['users']);
  });

  it('keeps every child of a matching sub-menu', () => {
    const found = searchMenu(admin, 'QUẢN', label);
    expect(found[0].children?.map((e) => e.key)).toEqual([
      'users',
      'channels',
      'supplies',
      'reconciliation',
      'deviceInfo',
      'audit',
    ]);
  });

  it('finds nothing for an unknown word', () => {
    expect(searchMenu(admin, 'zzz', label)).toEqual([]);
  });
});

describe('active menu entry', () => {
  const admin = visibleMenu(['ROLE_ADMIN']);

  it('lights up the entry of its own path, inside its sub-menu', () => {
    expect(activeMenuPath(admin, '/home')).toEqual(['home']);
    expect(activeMenuPath(admin, '/users')).toEqual(['manage', 'users']);
    expect(activeMenuPath(admin, '/users/')).toEqual(['manage', 'users']);
    expect(activeMenuPath(admin, '/clientDeviceInf')).toEqual(['manage', 'deviceInfo']);
  });

  it('lights up nothing on the profile and the password change', () => {
    expect(activeMenuPath(admin, '/users/admin')).toEqual([]);
    expect(activeMenuPath(admin, '/users/nguyen.van.a')).toEqual([]);
    expect(activeMenuPath(admin, '/user/changepassword')).toEqual([]);
    expect(activeMenuPath(admin, '/')).toEqual([]);
  });

  it('does not take a path that only starts like an entry', () => {
    expect(activeMenuPath(admin, '/homework')).toEqual([]);
    expect(activeMenuPath(admin, '/home/more')).toEqual([]);
  });

  it('lights up an entry on its declared sub-paths only', () => {
    const always = () => true;
    const entries: MenuEntry[] = [
      { key: 'a', path: '/a', subPaths: ['/a/:id', '/a/:id/edit'], labelKey: 'a', icon: HomeOutlined, visible: always },
      { key: 'b', path: '/b', labelKey: 'b', icon: HomeOutlined, visible: always },
    ];
    expect(activeMenuPath(entries, '/a/42')).toEqual(['a']);
    expect(activeMenuPath(entries, '/a/42/edit')).toEqual(['a']);
    expect(activeMenuPath(entries, '/a/42/delete')).toEqual([]);
    expect(activeMenuPath(entries, '/b/42')).toEqual([]);
  });

  it('guards only menu routes: the profile opens for every role, /users only for its roles', () => {
    expect(canOpenPath('/users/someone', ['ROLE_KH'])).toBe(true);
    expect(canOpenPath('/users', ['ROLE_KH'])).toBe(false);
    expect(canOpenPath('/users/', ['ROLE_KH'])).toBe(false);
    expect(canOpenPath('/users', ['ROLE_ADMIN'])).toBe(true);
  });

  it('opens the audit trail to administrators and lead technicians only', () => {
    expect(canOpenPath('/audit', ['ROLE_ADMIN'])).toBe(true);
    expect(canOpenPath('/audit', ['ROLE_LEAD_KT'])).toBe(true);
    for (const role of ['ROLE_KT', 'ROLE_MANAGER', 'ROLE_CSKH', 'ROLE_KH'])
      expect(canOpenPath('/audit', [role])).toBe(false);
  });
});
