/** The guest page's wrong tries: how long one counts, and how many make a guest wait. */
export const TRIES_WINDOW_MS = 10 * 60_000;
/** Wrong tries of one device (the MAC the controller sent) at a site before it waits. */
export const DEVICE_TRIES = 5;
/**
 * Wrong tries from one address at a site before every device there waits: a venue's guests share one address (NAT),
 * so this is well above one guest's allowance; it bounds guessing with made-up MACs.
 */
export const ADDRESS_TRIES = 50;
/** How often expired entries are swept, and how many entries are kept at most (the oldest go first). */
const SWEEP_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * The wrong tries counted in this instance (docs/features.md: per instance, not shared): per site and device, and per
 * site and address with a higher limit. Entries older than the window are swept once a minute, so that the map holds
 * only the last ten minutes' wrong tries.
 */
export function createWrongTries(now: () => number) {
  const tries = new Map<string, number[]>();
  let sweptAt = Number.NEGATIVE_INFINITY;

  function sweep() {
    const at = now();
    if (at - sweptAt < SWEEP_MS && tries.size < MAX_ENTRIES) return;
    sweptAt = at;
    const since = at - TRIES_WINDOW_MS;
    for (const [key, times] of tries) if ((times.at(-1) ?? 0) <= since) tries.delete(key);
    // still too many (a flood of made-up devices): the oldest entries go
    for (const key of tries.keys()) {
      if (tries.size < MAX_ENTRIES) break;
      tries.delete(key);
    }
  }

  function recent(key: string): number[] {
    const since = now() - TRIES_WINDOW_MS;
    return (tries.get(key) ?? []).filter((at) => at > since);
  }

  const keysOf = (site: string, mac: string, address: string) =>
    [
      [`d\n${site}\n${mac}`, DEVICE_TRIES],
      [`a\n${site}\n${address}`, ADDRESS_TRIES],
    ] as const;

  return {
    /** Minutes a device must wait before its next try (at least 1), or 0 when it may try now. */
    waitMinutes(site: string, mac: string, address: string): number {
      sweep();
      let until = 0;
      for (const [key, limit] of keysOf(site, mac, address)) {
        const times = recent(key);
        if (times.length >= limit) until = Math.max(until, (times[times.length - limit] as number) + TRIES_WINDOW_MS);
      }
      return until === 0 ? 0 : Math.max(1, Math.ceil((until - now()) / 60_000));
    },

    /** Counts a wrong try of a device from an address at a site. */
    wrong(site: string, mac: string, address: string): void {
      sweep();
      for (const [key] of keysOf(site, mac, address)) {
        const times = recent(key);
        times.push(now());
        // a re-set key goes to the end of the map's order: the oldest entries are the first
        tries.delete(key);
        tries.set(key, times);
      }
    },

    /** How many devices and addresses have wrong tries kept (for tests and metrics). */
    size: () => tries.size,
  };
}

export type WrongTries = ReturnType<typeof createWrongTries>;
