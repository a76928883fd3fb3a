/**
 * Reads cached per instance (the controller's answers, a guest page's parts): identical calls made while one is
 * under way share it, and an answer is reused for ttlMs (or the TTL a read asks for: a report of closed hours never
 * changes). However many people watch a site, the controller sees one call per key and TTL.
 */
export function createReadCache(ttlMs: number, now: () => number = Date.now) {
  const done = new Map<string, { at: number; ttl: number; value: unknown }>();
  const pending = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>, ttl = ttlMs): Promise<T> {
      const hit = done.get(key);
      if (hit && now() - hit.at < hit.ttl) return Promise.resolve(hit.value as T);
      const running = pending.get(key);
      if (running) return running as Promise<T>;
      const p = load()
        .then((value) => {
          done.delete(key); // the newest last, first out when the cache is full
          done.set(key, { at: now(), ttl, value });
          if (done.size > 5000) done.delete(done.keys().next().value as string);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
    /** Forgets every answer whose key starts with prefix (a write changed them). */
    invalidate(prefix: string) {
      for (const key of done.keys()) if (key.startsWith(prefix)) done.delete(key);
    },
    clear() {
      done.clear();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
