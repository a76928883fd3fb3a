import { describe, expect, it } from 'vitest';
import { ADDRESS_TRIES, createWrongTries, DEVICE_TRIES, TRIES_WINDOW_MS } from './portal.tries.ts';

const START = Date.UTC(2026, 4, 6, 5, 0);
const MINUTE = 60_000;

describe('the guest page wrong tries', () => {
  it('waits a device after 5 wrong tries at a site, for what is left of the 10 minutes; not the device elsewhere', () => {
    let now = START;
    const tries = createWrongTries(() => now);
    for (let i = 0; i < DEVICE_TRIES; i++) {
      expect(tries.waitMinutes('hoamai', '02:00:00:00:00:01', '203.0.113.5')).toBe(0);
      tries.wrong('hoamai', '02:00:00:00:00:01', '203.0.113.5');
      now += MINUTE;
    }
    // the sixth try waits: the first wrong one counts until 10 minutes after it
    expect(tries.waitMinutes('hoamai', '02:00:00:00:00:01', '198.51.100.9')).toBe(5);
    // another phone behind the same address, and the same phone at another site, may try
    expect(tries.waitMinutes('hoamai', '02:00:00:00:00:02', '203.0.113.5')).toBe(0);
    expect(tries.waitMinutes('cafe0001', '02:00:00:00:00:01', '203.0.113.5')).toBe(0);
    now = START + TRIES_WINDOW_MS + 1;
    expect(tries.waitMinutes('hoamai', '02:00:00:00:00:01', '203.0.113.5')).toBe(0);
  });

  it('waits every device of an address that made 50 wrong tries at a site', () => {
    const tries = createWrongTries(() => START);
    for (let i = 0; i < ADDRESS_TRIES; i++)
      tries.wrong('hoamai', `02:00:00:00:01:${i.toString(16).padStart(2, '0')}`, '203.0.113.7');
    expect(tries.waitMinutes('hoamai', '02:00:00:00:02:00', '203.0.113.7')).toBe(10);
    expect(tries.waitMinutes('hoamai', '02:00:00:00:02:00', '203.0.113.8')).toBe(0);
  });

  it('sweeps the entries whose tries are all older than the window, so the map does not grow', () => {
    let now = START;
    const tries = createWrongTries(() => now);
    for (let i = 0; i < 300; i++)
      tries.wrong(
        'hoamai',
        `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
        `10.0.${i >> 8}.${i & 255}`,
      );
    expect(tries.size()).toBe(600);
    now += TRIES_WINDOW_MS / 2;
    tries.wrong('hoamai', '02:00:00:00:09:09', '10.9.9.9');
    expect(tries.size()).toBe(602);
    // past the window: the next look sweeps all but the last device's entries
    now = START + TRIES_WINDOW_MS + MINUTE;
    expect(tries.waitMinutes('hoamai', '02:00:00:00:00:00', '10.0.0.0')).toBe(0);
    expect(tries.size()).toBe(2);
    now += TRIES_WINDOW_MS;
    tries.waitMinutes('hoamai', '02:00:00:00:00:00', '10.0.0.0');
    expect(tries.size()).toBe(0);
  });
});
