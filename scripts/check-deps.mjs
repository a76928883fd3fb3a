// `npm run check:deps`: the dependency check of `npm test` and CI. npm's audit endpoint does not answer from the
// machines this project is built on, so the check works from what is here:
// 1. every package of package-lock.json against the reviewed advisories of scripts/advisories.json: an installed
//    version that an advisory affects fails the check, unless the advisory is accepted with a reason;
// 2. `npm outdated` on the direct dependencies: one whose latest major is newer than the installed one fails the
//    check, unless scripts/outdated-allow.json lists it reviewed up to that version. When the registry cannot be
//    reached, this part says so and does not fail (the advisories part always runs).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file) => JSON.parse(readFileSync(new URL(file, new URL('..', import.meta.url)), 'utf8'));

/** A version's numbers ("10.1.3-beta" → [10, 1, 3]); a pre-release counts as its release. */
export function parseVersion(text) {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return Number.NaN;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/** Whether an advisory's range (introduced ≤ v < fixed; no fixed: every later one) holds a version. */
export function affects(advisory, version) {
  if (compareVersions(version, advisory.introduced) < 0) return false;
  return advisory.fixed === undefined || compareVersions(version, advisory.fixed) < 0;
}

/** Every installed package of a lock file (lockfileVersion 3): its name and version, once per place. */
export function lockedPackages(lock) {
  const out = [];
  for (const [place, entry] of Object.entries(lock.packages ?? {})) {
    const at = place.lastIndexOf('node_modules/');
    if (at < 0 || !entry.version || entry.link) continue;
    out.push({ name: place.slice(at + 'node_modules/'.length), version: entry.version, place });
  }
  return out;
}

/** The advisories' findings: what fails the check, and what is accepted. */
export function checkAdvisories(packages, advisories) {
  const failing = [];
  const accepted = [];
  for (const pkg of packages) {
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name || !affects(advisory, pkg.version)) continue;
      (advisory.accepted ? accepted : failing).push({ ...pkg, advisory });
    }
  }
  return { failing, accepted };
}

/** Direct dependencies a major behind the latest and not reviewed (`npm outdated --json` rows). */
export function checkOutdated(outdated, allow) {
  const failing = [];
  for (const [name, rows] of Object.entries(outdated)) {
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      const current = parseVersion(row.current);
      const latest = parseVersion(row.latest);
      if (!current || !latest || latest[0] <= current[0]) continue;
      const reviewed = allow[name]?.reviewed;
      if (reviewed && compareVersions(row.latest, reviewed) <= 0) continue;
      failing.push({ name, current: row.current, latest: row.latest, dependent: row.dependent });
    }
  }
  return failing;
}

function npmOutdated() {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['outdated', '--json', '--workspaces', '--include-workspace-root'],
      { cwd: root, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      // npm outdated exits 1 when anything is outdated: the JSON is what counts
      (err, stdout) => {
        try {
          resolve(JSON.parse(stdout || '{}'));
        } catch {
          resolve({ unreachable: err?.message ?? 'no answer' });
        }
      },
    );
  });
}

async function main() {
  let failed = false;
  const { failing, accepted } = checkAdvisories(
    lockedPackages(read('package-lock.json')),
    read('scripts/advisories.json').advisories,
  );
  for (const f of accepted) console.log(`accepted: ${f.name}@${f.version} ${f.advisory.id} (${f.advisory.summary})`);
  for (const f of failing) {
    failed = true;
    const fix = f.advisory.fixed ? `upgrade to ${f.advisory.fixed} or later` : 'no fixed release: review it';
    console.error(
      `advisory: ${f.name}@${f.version} at ${f.place}: ${f.advisory.id} ${f.advisory.severity}, ${f.advisory.summary}; ${fix}`,
    );
  }
  if (process.env.CHECK_DEPS_OFFLINE === '1') {
    console.log('outdated: not asked (CHECK_DEPS_OFFLINE=1)');
  } else {
    const outdated = await npmOutdated();
    if (outdated.unreachable || outdated.error) {
      console.log(
        `outdated: the registry did not answer (${outdated.unreachable ?? outdated.error?.summary ?? 'error'}); not checked`,
      );
    } else {
      for (const f of checkOutdated(outdated, read('scripts/outdated-allow.json').allow)) {
        failed = true;
        console.error(
          `outdated: ${f.name} ${f.current} (in ${f.dependent}) is a major behind ${f.latest}: upgrade, or review it in scripts/outdated-allow.json`,
        );
      }
    }
  }
  console.log(failed ? 'dependency check: FAILED' : 'dependency check: ok');
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
