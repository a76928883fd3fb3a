// `npm run check:deps`: the dependency check of `npm test` and CI. npm's audit endpoint does not answer from the
// machines this project is built on, so the check works from what is here:
// 1. every package of package-lock.json against the reviewed advisories of scripts/advisories.json: an installed
//    version that an advisory affects fails the check, unless the advisory is accepted with a reason;
// 2. `npm outdated` on the direct dependencies: one whose latest major or minor is newer than the installed one is
//    reported, a line each (with why it is held back when scripts/held-back.json says), and never fails the check:
//    what the registry published since the commit is not a verdict on the commit. When the registry cannot be
//    reached, this part says so (the advisories part always runs). `CHECK_DEPS_OFFLINE=1` skips it.
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

/** Direct dependencies a major or minor behind the registry's latest (`npm outdated --json` rows), to report. */
export function behindUpstream(outdated) {
  const behind = [];
  for (const [name, rows] of Object.entries(outdated)) {
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      const current = parseVersion(row.current);
      const latest = parseVersion(row.latest);
      if (!current || !latest) continue;
      const step = latest[0] > current[0] ? 'major' : latest[0] === current[0] && latest[1] > current[1] ? 'minor' : '';
      if (step) behind.push({ name, current: row.current, latest: row.latest, dependent: row.dependent, step });
    }
  }
  return behind;
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
      const heldBack = read('scripts/held-back.json').packages;
      for (const f of behindUpstream(outdated)) {
        const why = heldBack[f.name] ? `; held back: ${heldBack[f.name]}` : '';
        console.log(
          `outdated (${f.step}, not a failure): ${f.name} ${f.current} (in ${f.dependent}), ${f.latest} upstream${why}`,
        );
      }
    }
  }
  console.log(failed ? 'dependency check: FAILED' : 'dependency check: ok');
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
