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

  it('never gives a read an answer older than the time it asks for, whoever stored it or is loading it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(1000, () => clock);
    const load = async () => ++loads;
    // kept 30 s by the dashboards' read: a look asking for 0 asks again, a second later as at once
    expect(await cache.get('sites', load, 30_000)).toBe(1);
    clock = 1000;
    expect(await cache.get('sites', load, 0)).toBe(2);
    expect(await cache.get('sites', load, 30_000)).toBe(2);
    clock = 31_000;
    expect(await cache.get('sites', load, 30_000)).toBe(3);

    // a read under way, begun before a change: a read asking for 0 a moment later does not join it
    let release: (v: string) => void = () => {};
    const slow = () => new Promise<string>((r) => (release = r));
    const before = cache.get('devices', slow, 30_000);
    clock += 1;
    const now = cache.get('devices', async () => 'after the change', 0);
    // one asking for 30 s joins the newest call
    const joined = cache.get('devices', slow, 30_000);
    release('before the change');
    expect(await before).toBe('before the change');
    expect(await now).toBe('after the change');
    expect(await joined).toBe('after the change');
    expect(await cache.get('devices', slow, 30_000)).toBe('after the change');
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

  it('with staleMs, keeps one reload however long it takes, and gives a read asking for 0 no stale answer', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(1000, () => clock, { staleMs: 60_000 });
    let release: (v: string) => void = () => {};
    const slow = () => {
      loads++;
      return new Promise<string>((r) => (release = r));
    };
    expect(await cache.get('v', async () => 'first')).toBe('first');
    clock = 1500;
    expect(await cache.get('v', slow)).toBe('first');
    // the reload still under way after more than its time: no second one
    clock = 5000;
    expect(await cache.get('v', slow)).toBe('first');
    expect(loads).toBe(1);
    // a read asking for 0 asks now
    expect(await cache.get('v', async () => 'now', 0)).toBe('now');
    release('reloaded');
  });

  it('counts an answer from when it was asked for, not from when it came', async () => {
    let clock = 0;
    const cache = createReadCache(1000, () => clock);
    let release: (v: string) => void = () => {};
    const reading = cache.get('v', () => new Promise<string>((r) => (release = r)));
    clock = 800;
    release('asked at 0');
    expect(await reading).toBe('asked at 0');
    clock = 1000;
    expect(await cache.get('v', async () => 'again')).toBe('again');
  });
});

describe('the read cache, for a controller slow at size', () => {
  const keep = { waitMs: 20, keepMs: 60_000 };

  it('gives the last good answer, said to be one and how old, when the read past its window is slow or fails', async () => {
    let clock = 0;
    const cache = createReadCache(1000, () => clock);
    expect(await cache.aged('sites', async () => 'first', 30_000, keep)).toEqual({
      value: 'first',
      age: 0,
      lastGood: false,
    });
    clock = 10_000;
    expect(await cache.aged('sites', async () => 'unused', 30_000, keep)).toMatchObject({
      value: 'first',
      age: 10_000,
    });

    // past the window, the controller takes longer than the wait: the kept answer, and the read goes on
    clock = 40_000;
    let release: (v: string) => void = () => {};
    const slow = () => new Promise<string>((r) => (release = r));
    expect(await cache.aged('sites', slow, 30_000, keep)).toEqual({ value: 'first', age: 40_000, lastGood: true });
    // a second reader meanwhile joins the read under way rather than asking the controller again
    let asked = 0;
    const again = cache.aged('sites', async () => `asked ${++asked}`, 30_000, keep);
    release('second');
    expect(await again).toMatchObject({ value: 'second', lastGood: false });
    expect(asked).toBe(0);
    expect(await cache.aged('sites', async () => 'unused', 30_000, keep)).toMatchObject({ value: 'second', age: 0 });

    // a read that fails: the kept answer at once; a failure the caller says to tell is told
    clock = 80_000;
    const down = async () => {
      throw new Error('unreachable');
    };
    expect(await cache.aged('sites', down, 30_000, keep)).toEqual({ value: 'second', age: 40_000, lastGood: true });
    await expect(
      cache.aged('sites', async () => Promise.reject(new Error('gone')), 30_000, {
        ...keep,
        keepOn: (err) => (err as Error).message !== 'gone',
      }),
    ).rejects.toThrow('gone');
  });

  it('waits no more for a key whose last read was slow or failed, until a read is quick again', async () => {
    let clock = 0;
    const cache = createReadCache(1000, () => clock);
    const long = { waitMs: 60_000, keepMs: 600_000 };
    await cache.aged('sites', async () => 'first', 30_000, long);
    // a read that failed: the key is slow
    clock = 40_000;
    await cache.aged('sites', async () => Promise.reject(new Error('down')), 30_000, long);
    // past the window again: the kept answer at once (a wait of a minute would outlast the test), the read behind it
    clock = 80_000;
    let release: (v: string) => void = () => {};
    expect(await cache.aged('sites', () => new Promise<string>((r) => (release = r)), 30_000, long)).toMatchObject({
      value: 'first',
      lastGood: true,
    });
    release('quick');
    // that read was quick (no time passed): the next past its window waits for its read again
    await Promise.resolve();
    clock = 200_000;
    expect(await cache.aged('sites', async () => 'fresh', 30_000, long)).toMatchObject({
      value: 'fresh',
      lastGood: false,
    });
  });

  it('gives a read asking for 0 the controller answer now, never a kept one', async () => {
    let clock = 0;
    const cache = createReadCache(1000, () => clock);
    await cache.aged('sites', async () => 'kept', 30_000, keep);
    clock = 1_000;
    await expect(cache.aged('sites', async () => Promise.reject(new Error('down')), 0, keep)).rejects.toThrow('down');
    expect(await cache.aged('sites', async () => 'now', 0, keep)).toMatchObject({ value: 'now', lastGood: false });
  });

  it('waits for the read when it has no answer young enough to stand in', async () => {
    let clock = 0;
    const cache = createReadCache(1000, () => clock);
    await cache.aged('sites', async () => 'old', 30_000, keep);
    clock = 61_000; // past keepMs: too old to show
    let release: (v: string) => void = () => {};
    const read = cache.aged('sites', () => new Promise<string>((r) => (release = r)), 30_000, keep);
    release('new');
    expect(await read).toEqual({ value: 'new', age: 0, lastGood: false });
    // and a failure with nothing to stand in is the caller's
    clock = 200_000;
    await expect(cache.aged('sites', async () => Promise.reject(new Error('down')), 30_000, keep)).rejects.toThrow(
      'down',
    );
  });
});
