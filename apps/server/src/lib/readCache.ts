/**
 * Reads cached per instance (the controller's answers, a guest page's parts): identical calls made while one is
 * under way share it, and an answer is reused for ttlMs (or the TTL a read asks for: a report of closed hours never
 * changes). However many people watch a site, the controller sees one call per key and TTL. A write that changes a
 * key while it is being read drops that read's answer when it comes (it may predate the write).
 *
 * Each read says how old an answer it takes: it is never given one older, whoever stored it, and it joins a call
 * under way only if that call began within its TTL. A read asking for 0 (an administrator's look now) asks the
 * controller.
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
  const done = new Map<string, { at: number; value: unknown }>();
  const pending = new Map<string, { p: Promise<unknown>; at: number }>();
  /** keys whose last read took longer than its wait, or failed: their last good answer is given without a wait */
  const slow = new Set<string>();
  const forget = (key: string) => {
    done.delete(key);
    pending.delete(key);
  };
  function start<T>(key: string, load: () => Promise<T>): Promise<T> {
    // an answer is as old as the call that asked for it: what changed while it was under way may be missing
    const at = now();
    const p: Promise<T> = load()
      .then((value) => {
        if (pending.get(key)?.p !== p) return value; // a write came meanwhile (or a fresher read)
        done.delete(key); // the newest last, first out when the cache is full
        done.set(key, { at, value });
        if (done.size > 5000) done.delete(done.keys().next().value as string);
        return value;
      })
      .finally(() => {
        if (pending.get(key)?.p === p) pending.delete(key);
      });
    pending.set(key, { p, at });
    return p;
  }
  return {
    get<T>(key: string, load: () => Promise<T>, ttl = ttlMs): Promise<T> {
      const t = now();
      const hit = done.get(key);
      const age = hit ? t - hit.at : 0;
      const call = pending.get(key);
      const running = call && t - call.at <= ttl ? (call.p as Promise<T>) : undefined;
      opts.lookup?.((hit !== undefined && age < ttl + staleMs) || running !== undefined);
      if (hit && age < ttl) return Promise.resolve(hit.value as T);
      // (a read asking for 0 wants the controller's answer now, never a stale one)
      if (hit && ttl > 0 && age < ttl + staleMs) {
        // a reload that fails leaves the kept answer until it is too old; one reload at a time, however old
        if (!call) start(key, load).catch(() => {});
        return Promise.resolve(hit.value as T);
      }
      return running ?? start(key, load);
    },
    /**
     * An answer and how old it is (ms, since its read began), for reads a controller can be slow to give at size:
     * as `get`, except that when the kept answer is past `ttl` but read within `keepMs`, the read (begun or joined) is waited for at most
     * `waitMs`; slower, or failed (`keepOn` says which failures: default any), and the kept answer is given instead
     * while the read goes on into the cache for the next caller. A key whose last read was slower than that, or
     * failed, is not waited for again until one is quick. Without an answer so young, the read is waited for. `load`
     * is told whether a kept answer stands in should it fail (`kept`).
     */
    async aged<T>(
      key: string,
      load: (o: { kept: boolean }) => Promise<T>,
      ttl: number,
      o: { waitMs: number; keepMs: number; keepOn?: (err: unknown) => boolean },
    ): Promise<{ value: T; age: number; lastGood: boolean }> {
      const t = now();
      const hit = done.get(key);
      if (hit && t - hit.at < ttl) {
        opts.lookup?.(true);
        return { value: hit.value as T, age: t - hit.at, lastGood: false };
      }
      const call = pending.get(key);
      const joined = call && t - call.at <= ttl ? call : undefined;
      opts.lookup?.(joined !== undefined);
      const at = joined?.at ?? t;
      const standIn = hit !== undefined && ttl > 0 && t - hit.at < o.keepMs;
      const fresh = ((joined?.p as Promise<T> | undefined) ?? start(key, () => load({ kept: standIn }))).then(
        (value) => {
          if (now() - at > o.waitMs) slow.add(key);
          else slow.delete(key);
          return { value, age: now() - at, lastGood: false };
        },
        (err: unknown) => {
          slow.add(key);
          throw err;
        },
      );
      // (a read asking for 0 wants the controller's answer now, never a kept one: the warehouse's scan asked for)
      if (!standIn) return fresh;
      const kept = () => ({ value: hit.value as T, age: now() - hit.at, lastGood: true });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<ReturnType<typeof kept>>((resolve) => {
        // a read already under way that long is not waited for again, nor one of a key known to be slow
        timer = setTimeout(() => resolve(kept()), slow.has(key) ? 0 : Math.max(0, o.waitMs - (t - at)));
      });
      const orKept = fresh.catch((err: unknown) => {
        if (o.keepOn && !o.keepOn(err)) throw err;
        return kept();
      });
      try {
        return await Promise.race([orKept, late]);
      } finally {
        clearTimeout(timer);
      }
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
      slow.clear();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
