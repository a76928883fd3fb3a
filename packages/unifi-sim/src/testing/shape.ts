/** Compare the JSON shape (keys and value types) of simulator answers with captured fixture rows. */
import { readFileSync } from 'node:fs';
import type { JsonObject } from '../world.ts';

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

const FIXTURES = new URL('../../test-fixtures/unifi/', import.meta.url);

/** A fixture file from packages/unifi-sim/test-fixtures/unifi (copied from the shared fixtures). */
export function fixture(path: string): { meta?: JsonObject; data: JsonObject[] } & JsonObject {
  return JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8'));
}

/** A request fixture (`requests/*.json`): the body a client library sends. */
export function requestFixture(name: string): { method: string; path: string; body: JsonObject } {
  return JSON.parse(readFileSync(new URL(`requests/${name}.json`, FIXTURES), 'utf8'));
}

export type ShapeOptions = {
  /** compare only these keys (default: every key of the fixture rows) */
  keys?: string[];
  /** keys the fixture always has that may be missing from some actual rows (must still appear in one) */
  optional?: string[];
  /** keys that may be missing from every actual row */
  absentOk?: string[];
};

/**
 * Problems found comparing `actual` rows with `expected` fixture rows (empty = same shape):
 * a key present in every fixture row must be in every actual row; a key present in some fixture rows must
 * be in at least one actual row; a key present on both sides must have the same JSON type (a fixture `null`
 * accepts any type, as controllers send null for unset values).
 */
export function shapeProblems(actual: JsonObject[], expected: JsonObject[], opts: ShapeOptions = {}): string[] {
  const problems: string[] = [];
  if (actual.length === 0) return ['no actual rows to compare'];
  const types = new Map<string, Set<JsonType>>();
  const counts = new Map<string, number>();
  for (const row of expected) {
    for (const [key, value] of Object.entries(row)) {
      if (opts.keys && !opts.keys.includes(key)) continue;
      if (!types.has(key)) types.set(key, new Set());
      types.get(key)!.add(jsonType(value));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  for (const key of opts.keys ?? []) if (!types.has(key)) problems.push(`fixture has no key ${key}`);
  for (const [key, n] of counts) {
    const present = actual.filter((row) => key in row).length;
    const always = n === expected.length && !opts.optional?.includes(key);
    if (always && present < actual.length) problems.push(`${key}: missing from ${actual.length - present} row(s)`);
    else if (present === 0 && !opts.absentOk?.includes(key)) problems.push(`${key}: missing from every row`);
  }
  for (const row of actual) {
    for (const [key, value] of Object.entries(row)) {
      const expectedTypes = types.get(key);
      if (!expectedTypes || expectedTypes.has('null')) continue;
      const t = jsonType(value);
      if (!expectedTypes.has(t)) problems.push(`${key}: ${t} instead of ${[...expectedTypes].join('|')}`);
    }
  }
  return [...new Set(problems)];
}
