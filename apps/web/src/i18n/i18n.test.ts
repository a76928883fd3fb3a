import { describe, expect, it } from 'vitest';
import { english as en } from './english.ts';
import vi from './vi.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of leaves(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

describe('translations', () => {
  const enLeaves = leaves(en as Tree);
  const viLeaves = leaves(vi as Tree);

  it('have exactly the same keys in English and Vietnamese', () => {
    expect([...viLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty values', () => {
    for (const [key, value] of [...enLeaves, ...viLeaves]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('keep the exact fixed texts in English', () => {
    expect(en.login.username.required).toBe('Please input your username!');
    expect(en.login.password.required).toBe('Please input your Password!');
    expect(en.login.error.incorrect).toBe('Your Username or Password is incorrect. Please try again!');
    expect(en.password.inconsistent).toBe('Two passwords that you enter is inconsistent!');
    expect(en.common.sureToDelete).toBe('Sure to delete?');
  });

  it('keep the fixed channel texts', () => {
    expect(vi.channels.tabs).toEqual({
      details: 'Chi tiết kênh truyền',
      registration: 'Đăng ký kênh',
      import: 'Nhập dữ liệu',
    });
    expect(en.channels.tabs).toEqual({
      details: 'Channel details',
      registration: 'Channel registration',
      import: 'Import data',
    });
    expect(en.channels.required).toBe('Please Input {{title}}!');
    expect(en.channels.registration.inUse).toBe(
      'This channel has details and cannot be deleted; delete its details first.',
    );
    expect(en.channels.provider.duplicate).toBe('A provider with this name already exists.');
  });

  it('keep the fixed supplies texts', () => {
    expect(vi.supplies.catalogue.numberMessage).toBe('Cú pháp yêu cầu là số');
    expect(vi.supplies.catalogue.valueMessage).toBe('Cú pháp yêu cầu là số.');
    expect(en.supplies.catalogue.numberMessage).toBe('Please enter a number');
    expect(en.supplies.catalogue.valueMessage).toBe('Please enter a number.');
    expect(vi.supplies.report.total).toBe('Tổng số');
    expect(en.supplies.report.total).toBe('Total');
    expect(vi.supplies.tabs).toEqual({
      report: 'Báo Cáo',
      stockIn: 'Nhập kho',
      stockOut: 'Xuất kho',
      catalogue: 'Danh mục',
    });
  });
});
