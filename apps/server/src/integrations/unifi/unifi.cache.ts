/**
 * Reads of the controller, cached per instance: identical calls made while one is under way share it, and an
 * answer is reused for ttlMs. However many people watch a site, the controller sees one call per key and TTL.
 */
export function createReadCache(ttlMs: number, now: () => number = Date.now) {
  const done = new Map<string, { at: number; value: unknown }>();
  const pending = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = done.get(key);
      if (hit && now() - hit.at < ttlMs) return Promise.resolve(hit.value as T);
      const running = pending.get(key);
      if (running) return running as Promise<T>;
      const p = load()
        .then((value) => {
          done.set(key, { at: now(), value });
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
