/** Text that may not be stored: checked in one place for every request, and for every cell of an upload. */

const SUSPECT = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate). */
export function isBadText(text: string): boolean {
  // one fast scan; most text has neither a NUL nor any surrogate
  if (!SUSPECT.test(text)) return false;
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** Whether a parsed body, query or path holds bad text anywhere, in a value or a key. */
export function holdsBadText(value: unknown): boolean {
  const keys = new Set<string>(); // the rows of an upload repeat their keys: each is checked once
  const walk = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return isBadText(v);
    if (v === null || typeof v !== 'object' || depth > 64) return false;
    if (Array.isArray(v)) {
      for (const item of v) if (walk(item, depth + 1)) return true;
      return false;
    }
    const record = v as Record<string, unknown>;
    for (const k in record) {
      if (!keys.has(k)) {
        if (isBadText(k)) return true;
        keys.add(k);
      }
      if (walk(record[k], depth + 1)) return true;
    }
    return false;
  };
  return walk(value, 0);
}
