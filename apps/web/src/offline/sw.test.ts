import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The offline worker (sw.js) run in a sandbox: its events, the browser's caches and fetch played by the test. */
function worker(version: string, caches: FakeCaches, fetch: (request: Request) => Promise<Response>) {
  const listeners = new Map<
    string,
    (event: {
      request?: Request;
      waitUntil(p: Promise<unknown>): void;
      respondWith(p: Promise<Response>): void;
    }) => void
  >();
  const source = readFileSync(path.join(__dirname, 'sw.js'), 'utf8')
    .replace('__VERSION__', version)
    .replace("['__FILES__']", '[]');
  runInNewContext(source, {
    self: {
      addEventListener: (type: string, fn: never) => listeners.set(type, fn),
      skipWaiting: async () => {},
      clients: { claim: async () => {} },
      location: { origin: 'https://console.test' },
    },
    caches,
    fetch,
    Headers,
    Response,
    URL,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
  });
  const dispatch = async (type: string, request?: Request) => {
    let waited: Promise<unknown> = Promise.resolve();
    let answer: Promise<Response> | undefined;
    listeners.get(type)?.({
      request,
      waitUntil: (p) => {
        waited = p;
      },
      respondWith: (p) => {
        answer = p;
      },
    });
    await waited;
    return answer;
  };
  return { dispatch };
}

/** The browser's CacheStorage, in the order the caches were made. */
class FakeCaches {
  stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      addAll: async (urls: string[]) => {
        for (const u of urls) store.set(new URL(u, 'https://console.test').href, new Response(`file ${u}`));
      },
      match: async (r: Request) => store.get(r.url)?.clone(),
      put: async (r: Request, response: Response) => void store.set(r.url, response),
      delete: async (r: Request) => store.delete(r.url),
      keys: async () => [...store.keys()].map((u) => new Request(u)),
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(r: Request) {
    for (const store of this.stores.values()) if (store.has(r.url)) return store.get(r.url)?.clone();
    return undefined;
  }
}

describe('the offline worker across a deploy', () => {
  it('keeps the files of the version before (a tab opened before the deploy still loads its screens) and drops older', async () => {
    const caches = new FakeCaches();
    for (const v of ['v1', 'v2']) {
      const before = worker(v, caches, async () => new Response('x'));
      await before.dispatch('install');
      await before.dispatch('activate');
    }
    (await caches.open('it4u-shell-v2')).put(
      new Request('https://console.test/assets/Vouchers-v2.js'),
      new Response('v2 code'),
    );
    await caches.open('it4u-data');
    const next = worker('v3', caches, async () => new Response('not found', { status: 404 }));
    await next.dispatch('install');
    await next.dispatch('activate');
    expect(await caches.keys()).toEqual(['it4u-shell-v2', 'it4u-shell-v3']);
    // the old tab asks for its own screen's code: from the version before, not the console's 404
    const old = await next.dispatch('fetch', new Request('https://console.test/assets/Vouchers-v2.js'));
    expect(await (await old)?.text()).toBe('v2 code');
  });
});

describe('a kept read on a bad connection', () => {
  const url = 'https://console.test/api/v1/it4u/listSupplies?page=1';
  let caches: FakeCaches;
  beforeEach(async () => {
    vi.useFakeTimers();
    caches = new FakeCaches();
    const kept = new Headers({ 'x-it4u-kept-at': '1700000000000' });
    (await caches.open('it4u-data')).put(new Request(url), new Response('{"kept":true}', { headers: kept }));
  });
  afterEach(() => vi.useRealTimers());

  it('answers with the copy kept once the console has not answered in 3 s, and keeps the late answer', async () => {
    let answer: (r: Response) => void = () => {};
    const sw = worker('v3', caches, () => new Promise((resolve) => (answer = resolve)));
    const read = sw.dispatch('fetch', new Request(url));
    let done = false;
    const shown = (async () => {
      const r = await await read;
      done = true;
      return r;
    })();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    const copy = await shown;
    expect(await copy?.text()).toBe('{"kept":true}');
    expect(copy?.headers.get('x-it4u-kept-at')).toBe('1700000000000');
    // the console answers at last: its answer is kept for the next read
    answer(new Response('{"fresh":true}'));
    await vi.advanceTimersByTimeAsync(0);
    const store = await caches.open('it4u-data');
    expect(await (await store.match(new Request(url)))?.text()).toBe('{"fresh":true}');
  });

  it('gives the console’s answer when it comes in time, and waits for it when nothing is kept', async () => {
    const sw = worker('v3', caches, async () => new Response('{"fresh":true}'));
    expect(await (await await sw.dispatch('fetch', new Request(url)))?.text()).toBe('{"fresh":true}');
    const other = 'https://console.test/api/v1/it4u/listSupplies?page=2';
    let answer: (r: Response) => void = () => {};
    const slow = worker('v3', caches, () => new Promise((resolve) => (answer = resolve)));
    const read = slow.dispatch('fetch', new Request(other));
    await vi.advanceTimersByTimeAsync(10_000);
    answer(new Response('{"page":2}'));
    expect(await (await await read)?.text()).toBe('{"page":2}');
  });
});
