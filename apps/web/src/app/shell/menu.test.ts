import { describe, expect, it } from 'vitest';
import { searchMenu, visibleMenu } from './menu.ts';

const labels: Record<string, string> = {
  'menu.home': 'Trang chủ',
  'menu.manage': 'Quản lý',
  'menu.users': 'Người dùng',
  'menu.channel': 'Kênh truyền',
  'menu.supplies': 'Vật tư',
  'menu.siteNames': 'Tên site',
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
    expect(found[0].children?.map((e) => e.key)).toEqual(['users', 'channel', 'supplies', 'siteNames']);
  });

  it('finds nothing for an unknown word', () => {
    expect(searchMenu(admin, 'zzz', label)).toEqual([]);
  });
});
