/**
 * Reads cached per instance (the controller's answers, a guest page's parts): identical calls made while one is
 * under way share it, and an answer is reused for ttlMs (or the TTL a read asks for: a report of closed hours never
 * changes). However many people watch a site, the controller sees one call per key and TTL. A write that changes a
 * key while it is being read drops that read's answer when it comes (it may predate the write).
 *
 * With `staleMs`, an answer past its TTL by less than that is still given at once while a new one is loaded
 * behind it: nobody waits for the reload (the guest page, which hundreds of phones load at once).
 */
export function createReadCache(
  ttlMs: number,
  now: () => number = Date.now,
  opts: { staleMs?: number /** each read's result, for /metrics */; lookup?: (hit: boolean) => void } = {},
) {
  const staleMs = opts.staleMs ?? 0;
  const done = new Map<string, { at: number; ttl: number; value: unknown }>();
  const pending = new Map<string, Promise<unknown>>();
  const forget = (key: string) => {
    done.delete(key);
    pending.delete(key);
  };
  function start<T>(key: string, load: () => Promise<T>, ttl: number): Promise<T> {
    const p: Promise<T> = load()
      .then((value) => {
        if (pending.get(key) !== p) return value; // a write came meanwhile
        done.delete(key); // the newest last, first out when the cache is full
        done.set(key, { at: now(), ttl, value });
        if (done.size > 5000) done.delete(done.keys().next().value as string);
        return value;
      })
      .finally(() => {
        if (pending.get(key) === p) pending.delete(key);
      });
    pending.set(key, p);
    return p;
  }
  return {
    get<T>(key: string, load: () => Promise<T>, ttl = ttlMs): Promise<T> {
      const hit = done.get(key);
      const age = hit ? now() - hit.at : 0;
      const running = pending.get(key) as Promise<T> | undefined;
      opts.lookup?.((hit !== undefined && age < hit.ttl + staleMs) || running !== undefined);
      if (hit && age < hit.ttl) return Promise.resolve(hit.value as T);
      if (hit && age < hit.ttl + staleMs) {
        // a reload that fails leaves the kept answer until it is too old
        if (!running) start(key, load, ttl).catch(() => {});
        return Promise.resolve(hit.value as T);
      }
      return running ?? start(key, load, ttl);
    },
    /**
     * Changes a kept answer in place (a write whose effect the console knows, such as a voucher taken out of a
     * list); a key with no kept answer, or one being loaded, is forgotten so that the next read asks again.
     */
    update<T>(key: string, change: (value: T) => T) {
      const hit = done.get(key);
      if (hit && !pending.has(key)) hit.value = change(hit.value as T);
      else forget(key);
    },
    /** Forgets every answer whose key starts with prefix (a write changed them). */
    invalidate(prefix: string) {
      for (const key of [...done.keys(), ...pending.keys()]) if (key.startsWith(prefix)) forget(key);
    },
    clear() {
      done.clear();
      pending.clear();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
