import { describe, expect, it } from 'vitest';
import en from './en.json';
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

  it('keep the exact texts of the spec in English', () => {
    expect(en.login.username.required).toBe('Please input your username!');
    expect(en.login.password.required).toBe('Please input your Password!');
    expect(en.login.error.incorrect).toBe('Your Username or Password is incorrect. Please try again!');
    expect(en.password.inconsistent).toBe('Two passwords that you enter is inconsistent!');
    expect(en.common.sureToDelete).toBe('Sure to delete?');
  });
});
