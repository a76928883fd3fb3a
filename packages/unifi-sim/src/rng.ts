/** Deterministic randomness: a sequential PRNG for building the world and a stateless hash for time functions. */

export type Rng = {
  /** uniform in [0, 1) */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  hex(length: number): string;
  lower(length: number): string;
  digits(length: number): string;
};

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const chars = (alphabet: string, length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    hex: (length) => chars('0123456789abcdef', length),
    lower: (length) => chars('abcdefghijklmnopqrstuvwxyz', length),
    digits: (length) => chars('0123456789', length),
  };
}

/** Stateless hash of integers to [0, 1): the same inputs always give the same number. */
export function hash01(...parts: number[]): number {
  return hashFrom(hashState(...parts));
}

/**
 * The hash folds its parts one after the other, so the state after a common prefix (site, slot, day) can be kept and
 * finished with each salt: `hashAt(hashState(a, b, c), d)` equals `hash01(a, b, c, d)` at a quarter of the work. The
 * hot loops (a day's visits, a client's identity) use it; the numbers are the same as before.
 */
export function hashState(...parts: number[]): number {
  let h = HASH_INIT;
  for (const part of parts) h = fold(h, part);
  return h;
}

/** The state after one more part: `hashFold(hashState(a, b), c)` is `hashState(a, b, c)`. */
export function hashFold(state: number, part: number): number {
  return fold(state, part);
}

/** hash01 of the state's parts followed by `salt`. */
export function hashAt(state: number, salt: number): number {
  return hashFrom(fold(state, salt));
}

const HASH_INIT = 0x9e3779b9;

function fold(h: number, part: number): number {
  // fold in both 32-bit halves so large values (epoch minutes, days) stay distinct
  const lo = part >>> 0;
  const hi = Math.floor(part / 4294967296) >>> 0;
  return mix(mix(h ^ lo) ^ hi ^ 0x85ebca6b);
}

function hashFrom(h: number): number {
  return (mix(h) >>> 0) / 4294967296;
}

function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Stateless integer in [min, max]. */
export function hashInt(min: number, max: number, ...parts: number[]): number {
  return min + Math.floor(hash01(...parts) * (max - min + 1));
}

export function hashHex(length: number, ...parts: number[]): string {
  return hashHexAt(length, hashState(...parts));
}

/** hashHex of the state's parts (see hashState). */
export function hashHexAt(length: number, state: number): string {
  let out = '';
  let i = 0;
  while (out.length < length) {
    out += hashWordAt(state, i++).toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** The i-th 32-bit word of hashHexAt (its hex digits 8i to 8i+7), as a number. */
export function hashWordAt(state: number, i: number): number {
  return Math.floor(hashFrom(fold(fold(state, 7_777), i)) * 4294967296);
}
