import { describe, expect, it } from 'vitest';
import { createReadCache } from './readCache.ts';

describe('the read cache', () => {
  it('shares one load between readers at once, keeps the answer for its time, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(1000, () => clock);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('changes a kept answer in place, and forgets one that is being loaded', async () => {
    let loads = 0;
    const cache = createReadCache(60_000, () => 0);
    const list = async () => {
      loads++;
      return ['x', 'y', 'z'];
    };
    await cache.get('list', list);
    cache.update<string[]>('list', (l) => l.filter((v) => v !== 'y'));
    expect(await cache.get('list', list)).toEqual(['x', 'z']);
    expect(loads).toBe(1);

    // a write while a read is under way: that read's answer may predate the write, so it is not kept
    let release: (v: string[]) => void = () => {};
    const slow = () => new Promise<string[]>((r) => (release = r));
    cache.invalidate('list');
    const reading = cache.get('list', slow);
    cache.update<string[]>('list', (l) => l.filter((v) => v !== 'x'));
    release(['x', 'z']);
    expect(await reading).toEqual(['x', 'z']);
    expect(await cache.get('list', async () => ['z'])).toEqual(['z']);
    // nothing to change: the update does not invent an answer
    cache.update<string[]>('none', (l) => l);
    expect(await cache.get('none', async () => ['fresh'])).toEqual(['fresh']);
  });

  it('with staleMs, gives an answer a little past its time at once and loads the next behind it', async () => {
    let clock = 0;
    let loads = 0;
    let fail = false;
    const cache = createReadCache(1000, () => clock, { staleMs: 5000 });
    const load = async () => {
      loads++;
      if (fail) throw new Error('controller down');
      return loads;
    };
    expect(await cache.get('v', load)).toBe(1);
    clock = 1500;
    // past its time: the kept answer at once, one reload behind it for however many readers
    expect(await Promise.all([cache.get('v', load), cache.get('v', load)])).toEqual([1, 1]);
    await Promise.resolve();
    expect(loads).toBe(2);
    expect(await cache.get('v', load)).toBe(2);
    // a failed reload keeps the answer until it is too old, then the reader waits for (and sees) the failure
    fail = true;
    clock = 3000;
    expect(await cache.get('v', load)).toBe(2);
    clock = 1500 + 1000 + 5000;
    await expect(cache.get('v', load)).rejects.toThrow('controller down');
  });
});
