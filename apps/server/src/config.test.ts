import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the configuration', () => {
  it('believes X-Forwarded-For only from the proxies named in TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe('127.0.0.1, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reads the demo clock as an ISO time, and refuses anything else', () => {
    expect(loadConfig({ UNIFI_DEMO_CLOCK: '2026-05-06T03:00:00+07:00' }).demoClock).toBe(Date.UTC(2026, 4, 5, 20));
    expect(() => loadConfig({ UNIFI_DEMO_CLOCK: 'tomorrow' })).toThrow('UNIFI_DEMO_CLOCK');
  });

  it("reads the demo controller's size as a whole number of sites within bounds", () => {
    expect(loadConfig({}).demoSites).toBeUndefined();
    expect(loadConfig({ UNIFI_DEMO_SITES: '2000' }).demoSites).toBe(2000);
    expect(() => loadConfig({ UNIFI_DEMO_SITES: '0' })).toThrow('UNIFI_DEMO_SITES');
    expect(() => loadConfig({ UNIFI_DEMO_SITES: '2e3' })).toThrow('UNIFI_DEMO_SITES');
  });

  it('takes the public address guests are sent to as an IPv4 address, `off` for none, else a guess of its own', () => {
    expect(loadConfig({ PORTAL_ADDRESS: '203.0.113.10' }).portalAddress).toBe('203.0.113.10');
    expect(loadConfig({ PORTAL_ADDRESS: 'off' }).portalAddress).toBe('');
    expect(loadConfig({}).portalAddress).toMatch(/^(|\d+\.\d+\.\d+\.\d+)$/);
    expect(() => loadConfig({ PORTAL_ADDRESS: 'console.example.vn' })).toThrow('PORTAL_ADDRESS');
  });

  it('refuses a SECRET_KEY of fewer than 32 bytes of entropy, without printing it', () => {
    const key = (SECRET_KEY: string) => () => loadConfig({ SECRET_KEY });
    for (const weak of [
      'change-me',
      'change-me-to-a-long-random-string',
      'a'.repeat(64),
      '0123456789abcdef'.repeat(3),
    ]) {
      expect(key(weak), weak).toThrow(/SECRET_KEY must hold at least 32 bytes of entropy/);
      try {
        key(weak)();
      } catch (err) {
        expect((err as Error).message).not.toContain(weak);
      }
    }
    const hex = randomBytes(32).toString('hex');
    expect(loadConfig({ SECRET_KEY: hex }).secretKey).toBe(hex);
    expect(loadConfig({ SECRET_KEY: randomBytes(32).toString('base64') }).secretKey).toBeDefined();
    expect(loadConfig({}).secretKey).toBeUndefined();
  });

  it('reads the terminal limits as whole numbers within bounds', () => {
    expect(loadConfig({}).terminal).toEqual({ idleMs: 15 * 60_000, maxSessions: 3 });
    expect(loadConfig({ TERMINAL_IDLE_MINUTES: '5', TERMINAL_MAX_SESSIONS: '1' }).terminal).toEqual({
      idleMs: 5 * 60_000,
      maxSessions: 1,
    });
    expect(() => loadConfig({ TERMINAL_IDLE_MINUTES: '0' })).toThrow(/TERMINAL_IDLE_MINUTES/);
    expect(() => loadConfig({ TERMINAL_MAX_SESSIONS: 'many' })).toThrow(/TERMINAL_MAX_SESSIONS/);
  });
});
