import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import { affects, behindUpstream, checkAdvisories, compareVersions, lockedPackages } from './check-deps.mjs';

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

  it('reports a direct dependency a major or minor behind, whatever was reviewed, and never a patch', () => {
    const outdated = {
      vite: { current: '7.3.8', wanted: '7.3.8', latest: '8.4.0', dependent: 'web' },
      react: { current: '19.3.1', wanted: '19.3.1', latest: '19.4.0', dependent: 'web' },
      pino: { current: '9.1.0', wanted: '9.1.2', latest: '9.1.2', dependent: 'server' },
      fastify: [{ current: '5.1.0', wanted: '5.1.0', latest: '6.0.0', dependent: 'server' }],
    };
    expect(behindUpstream(outdated).map((f: { name: string; step: string }) => `${f.name}:${f.step}`)).toEqual([
      'vite:major',
      'react:minor',
      'fastify:major',
    ]);
  });
});

describe('the dependency check run as npm test runs it', () => {
  it('passes on this lock file, whatever the registry published since (a newer release is a line, not a failure)', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = new URL('./check-deps.mjs', import.meta.url).pathname;
    // the registry's answer is not asked here (CHECK_DEPS_OFFLINE): its rows are what the unit test above feeds
    const out = execFileSync(process.execPath, [script], {
      env: { ...process.env, CHECK_DEPS_OFFLINE: '1' },
    }).toString();
    expect(out).toContain('dependency check: ok');
  });
});
