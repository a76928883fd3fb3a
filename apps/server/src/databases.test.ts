import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

/** Every file under a folder, as paths relative to src. */
function files(dir: string): string[] {
  return readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/**
 * `npm test` runs every test file on PGlite and the `*.db.test.ts` files on PostgreSQL too (test/helpers.ts,
 * `drivers`): a repository's SQL must be tried on both, the rest once.
 */
describe('the tests that run on both databases', () => {
  const all = files('.');
  const both = all.filter((f) => f.endsWith('.db.test.ts'));

  it('include, for every repository, a test of its area', () => {
    const repositories = all.filter((f) => f.endsWith('.repository.ts'));
    expect(repositories.length).toBeGreaterThan(15);
    const untested = repositories.filter((r) => !both.some((t) => path.dirname(t) === path.dirname(r)));
    expect(untested).toEqual([]);
  });

  it('each run on PostgreSQL when asked to (by the drivers, an app made on it, or DATABASE_URL)', () => {
    const idle = both.filter(
      (f) => !/\bdrivers\b|'postgres'|DATABASE_URL/.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(idle).toEqual([]);
  });
});
