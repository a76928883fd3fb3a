import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import { affects, checkAdvisories, checkOutdated, compareVersions, lockedPackages } from './check-deps.mjs';

const advisories = JSON.parse(readFileSync(new URL('./advisories.json', import.meta.url), 'utf8')).advisories;
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));

describe('the dependency check', () => {
  it('compares versions by their numbers, a pre-release as its release', () => {
    expect(compareVersions('10.1.3', '10.1.11')).toBe(-1);
    expect(compareVersions('8.3.0', '8.3.0')).toBe(0);
    expect(compareVersions('2.0.0-rc.1', '1.9.9')).toBe(1);
    expect(affects({ introduced: '0.0.0', fixed: '10.1.3' }, '10.1.2')).toBe(true);
    expect(affects({ introduced: '0.0.0', fixed: '10.1.3' }, '10.1.3')).toBe(false);
    expect(affects({ introduced: '4.1.0' }, '6.6.12')).toBe(true);
    expect(affects({ introduced: '4.1.0' }, '3.9.0')).toBe(false);
  });

  it('fails on the @fastify/static the console had before (8.3.0), and not on the one it has', () => {
    const before = checkAdvisories(
      [{ name: '@fastify/static', version: '8.3.0', place: 'node_modules/@fastify/static' }],
      advisories,
    );
    expect(before.failing.map((f: { advisory: { id: string } }) => f.advisory.id)).toEqual(
      expect.arrayContaining(['GHSA-83w8-p2f5-377r', 'GHSA-423g-23ch-w7c6']),
    );
    const now = checkAdvisories(lockedPackages(lock), advisories);
    expect(now.failing).toEqual([]);
  });

  it('accepts only what is reviewed with a reason', () => {
    for (const a of advisories) if (a.accepted !== undefined) expect(a.accepted.length).toBeGreaterThan(40);
    const found = checkAdvisories([{ name: 'engine.io', version: '6.6.12', place: 'x' }], advisories);
    expect(found.failing).toEqual([]);
    expect(found.accepted).toHaveLength(1);
  });

  it('fails on a direct dependency a major behind unless reviewed up to that version', () => {
    const outdated = {
      vite: { current: '7.3.8', wanted: '7.3.8', latest: '8.3.8', dependent: 'web' },
      react: { current: '19.3.1', wanted: '19.3.1', latest: '19.4.0', dependent: 'web' },
      fastify: [{ current: '5.1.0', wanted: '5.1.0', latest: '6.0.0', dependent: 'server' }],
    };
    const allow = { vite: { reviewed: '8.3.8' } };
    expect(checkOutdated(outdated, allow).map((f: { name: string }) => f.name)).toEqual(['fastify']);
    expect(checkOutdated({ ...outdated, vite: { ...outdated.vite, latest: '9.0.0' } }, allow)).toHaveLength(2);
  });
});
