import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto.ts';

describe('stored secrets', () => {
  it('round-trips, never stores the clear text, and refuses another key or a changed byte', () => {
    const key = randomBytes(32);
    const stored = encryptSecret(key, 'mật-khẩu-bí-mật');
    expect(stored).not.toContain('mật');
    expect(encryptSecret(key, 'mật-khẩu-bí-mật')).not.toBe(stored);
    expect(decryptSecret(key, stored)).toBe('mật-khẩu-bí-mật');
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    expect(() => decryptSecret(key, `v1.${raw.toString('base64')}`)).toThrow();
  });
});
