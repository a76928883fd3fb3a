import { describe, expect, it } from 'vitest';
import { canonicalMac } from './mac.ts';

describe('canonicalMac', () => {
  it('accepts the common forms and answers one form', () => {
    for (const typed of [
      'aa:bb:cc:0d:ee:ff',
      'AA-BB-CC-0D-EE-FF',
      'aabb.cc0d.eeff',
      'AABBCC0DEEFF',
      ' aa:bb:cc:0d:ee:ff ',
    ]) {
      expect(canonicalMac(typed)).toBe('AA:BB:CC:0D:EE:FF');
    }
  });
  it('refuses what is not a MAC address', () => {
    for (const typed of [
      '',
      'AA:BB:CC:DD:EE',
      'AA:BB-CC:DD:EE:FF',
      'GG:BB:CC:DD:EE:FF',
      'AABBCCDDEEFF00',
      'aabb.ccdd',
    ]) {
      expect(canonicalMac(typed)).toBeUndefined();
    }
  });
});
