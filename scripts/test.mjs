// `npm test`: every check of the project, then a table of where the time went: each phase, each end-to-end spec, and
// the 15 slowest test files. Only Node's own modules are used here: the first phase installs the rest.
//
// The machine's two cores are kept busy: after the install, the quick checks (lint, dependencies, types) and the build
// run side by side; then the unit tests (the node projects' files on PGlite, then the web tests), one after the other,
// run beside the end-to-end tests, whose browsers and consoles leave a core idle much of the time, and after which the
// `*.db.test.ts` files run on PostgreSQL when DATABASE_URL names a server. A step's output is printed as it comes, each line marked with its step; a failed step fails the run once
// the steps beside it have ended.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// not under test-results/: Playwright empties that folder when it starts
const TIMES = path.join(root, 'test-times');

/** A tool the install put in node_modules/.bin. */
const bin = (tool, ...args) => [path.join(root, 'node_modules', '.bin', tool), args];
/** The projects that run in Node (their files share each worker's process: vitest.config.ts). */
const NODE_PROJECTS = ['server', 'unifi-sim', 'shared', 'scripts'].flatMap((p) => ['--project', p]);
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(TIMES, name)}`];

function installNeeded() {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  return !existsSync(installed) || statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
}

/** Each step: its name, its command, the environment it adds, and why it is skipped (when it is). */
const STEPS = {
  install: {
    skip: () => (installNeeded() ? undefined : 'installed already'),
    command: ['npm', ['install', '--no-audit', '--no-fund']],
  },
  Chromium: { command: ['node', ['scripts/check-chromium.mjs']] },
  lint: { command: bin('biome', 'check', '.') },
  dependencies: { command: ['node', ['scripts/check-deps.mjs']] },
  types: { command: ['npm', ['run', '--silent', 'typecheck']] },
  build: { command: ['npm', ['run', '--silent', 'build']] },
  'unit, PGlite': {
    yields: true,
    command: bin('vitest', 'run', ...NODE_PROJECTS, ...vitestJson('unit-pglite.json')),
    // nothing on PostgreSQL here: a later step runs what needs it
    env: { TEST_DATABASE: 'pglite', DATABASE_URL: '', UNIT_WORKERS: '3' },
  },
  // the web tests in a step of their own: Vitest runs each pool's workers at once (the node projects' processes, the
  // web project's threads), and both beside the end-to-end tests were six workers on two cores
  'unit, web': {
    yields: true,
    command: bin('vitest', 'run', '--project', 'web', ...vitestJson('unit-web.json')),
    env: { UNIT_WORKERS: '3' },
  },
  'unit, PostgreSQL': {
    yields: true,
    skip: () => (process.env.DATABASE_URL ? undefined : 'DATABASE_URL not set'),
    command: bin('vitest', 'run', '--project', 'server', 'db.test.ts', ...vitestJson('unit-postgres.json')),
    env: { TEST_DATABASE: 'postgres', UNIT_WORKERS: '3' },
  },
  'end-to-end': {
    command: bin('playwright', 'test', '-c', 'e2e/playwright.config.ts'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(TIMES, 'e2e.json') },
  },
};

/**
 * The run: stages one after the other; in a stage, lanes side by side; in a lane, steps one after the other (a failed
 * step ends its lane, and the run after its stage).
 */
const STAGES = [
  [['install'], ['Chromium']],
  [['lint', 'dependencies'], ['types'], ['build']],
  // the PostgreSQL files after the end-to-end tests: the unit lane was the longer by about their time (npm test's
  // table: 781 + 213 + 47 s of unit tests against 879 s of end-to-end ones)
  [
    ['unit, PGlite', 'unit, web'],
    ['end-to-end', 'unit, PostgreSQL'],
  ],
];

const done = [];

/** Runs a step, its output's lines marked with its name when it shares the screen; answers whether it passed. */
function runStep(name, shared) {
  const step = STEPS[name];
  const why = step.skip?.();
  if (why) {
    done.push({ name, note: why });
    return Promise.resolve(true);
  }
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const [tool, toolArgs] = step.command;
  // a step beside the end-to-end tests yields the processor to them (`nice`): their browsers and consoles answer a
  // person's steps within a test's time, the unit tests only have to be done by the time the end-to-end ones are
  const [command, args] =
    step.yields && process.platform === 'linux' ? ['nice', ['-n', '5', tool, ...toolArgs]] : [tool, toolArgs];
  return new Promise((resolve) => {
    // piped always: a failed step's last lines are said again at the end, where CI's tail shows them
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const tail = [];
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => {
        out.write(shared ? `[${name}] ${line}\n` : `${line}\n`);
        if (line.trim()) tail.push(line);
        if (tail.length > 12) tail.shift();
      });
    }
    const end = (code) => {
      done.push({ name, ms: Date.now() - started, code, tail });
      console.log(`=== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} ===`);
      resolve(code === 0);
    };
    child.on('exit', (code, signal) => end(code ?? (signal ? 1 : 0)));
    child.on('error', () => end(127));
  });
}

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

/** Each test file's time from a Vitest JSON report (its first test's start to its end). */
function unitFiles(file, label) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return (report.testResults ?? []).map((r) => ({
    name: `${path.relative(root, r.name)} (${label})`,
    ms: Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)),
  }));
}

/** Each end-to-end spec's time from Playwright's JSON report: the sum of its tests' runs. */
function e2eSpecs(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const bySpec = new Map();
  const walk = (suite, at) => {
    const spec = suite.file ?? at;
    for (const s of suite.specs ?? []) {
      for (const t of s.tests ?? []) {
        for (const r of t.results ?? []) bySpec.set(spec, (bySpec.get(spec) ?? 0) + (r.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child, spec);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...bySpec].map(([name, ms]) => ({ name: `e2e/${name}`, ms }));
}

/** What failed, from the reports: each failed test's file, name and first lines of its error (CI shows the tail). */
function failures() {
  const out = [];
  const firstLines = (text) =>
    String(text ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 6)
      .map((l) => `      ${l.slice(0, 300)}`)
      .join('\n');
  for (const [file, label, step] of [
    ['unit-pglite.json', 'PGlite', 'unit, PGlite'],
    ['unit-web.json', 'web', 'unit, web'],
    ['unit-postgres.json', 'PostgreSQL', 'unit, PostgreSQL'],
  ]) {
    const at = path.join(TIMES, file);
    if (!existsSync(at)) continue;
    const report = JSON.parse(readFileSync(at, 'utf8'));
    for (const r of report.testResults ?? []) {
      const failed = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (!failed.length && r.status === 'failed')
        out.push({ step, text: `  ${path.relative(root, r.name)} (${label})\n${firstLines(r.message)}` });
      for (const a of failed)
        out.push({
          step,
          text: `  ${path.relative(root, r.name)} (${label}) > ${a.fullName}\n${firstLines(a.failureMessages?.join('\n'))}`,
        });
    }
  }
  const e2e = path.join(TIMES, 'e2e.json');
  if (existsSync(e2e)) {
    const report = JSON.parse(readFileSync(e2e, 'utf8'));
    const walk = (suite, at, titles) => {
      const spec = suite.file ?? at;
      const named = suite.title && suite.title !== spec ? [...titles, suite.title] : titles;
      for (const s of suite.specs ?? []) {
        for (const t of s.tests ?? []) {
          for (const r of t.results ?? []) {
            if (r.status === 'passed' || r.status === 'skipped') continue;
            const error = r.error?.message ?? r.errors?.map((e) => e.message).join('\n');
            out.push({
              step: 'end-to-end',
              text: `  e2e/${spec} > ${[...named, s.title].join(' > ')} (${r.status})\n${firstLines(error)}`,
            });
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, spec, named);
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file, []);
    for (const e of report.errors ?? [])
      out.push({ step: 'end-to-end', text: `  e2e (outside a test)\n${firstLines(e.message)}` });
  }
  // a step that failed with no failed test of its own (a lint, a build, an error outside the tests): its last lines
  for (const d of done) {
    if (d.code && !out.some((f) => f.step === d.name))
      out.push({
        step: d.name,
        text: `  ${d.name}, the last lines it printed:\n${d.tail.map((l) => `      ${l.slice(0, 300)}`).join('\n')}`,
      });
  }
  return out;
}

rmSync(TIMES, { recursive: true, force: true });
mkdirSync(TIMES, { recursive: true });
const started = Date.now();
let failed = false;
for (const stage of STAGES) {
  const shared = stage.length > 1;
  const lanes = await Promise.all(
    stage.map(async (lane) => {
      for (const name of lane) if (!(await runStep(name, shared))) return false;
      return true;
    }),
  );
  if (lanes.includes(false)) {
    failed = true;
    break;
  }
}

const specs = e2eSpecs(path.join(TIMES, 'e2e.json')).sort((a, b) => b.ms - a.ms);
const slowest = [
  ...unitFiles(path.join(TIMES, 'unit-pglite.json'), 'PGlite'),
  ...unitFiles(path.join(TIMES, 'unit-web.json'), 'web'),
  ...unitFiles(path.join(TIMES, 'unit-postgres.json'), 'PostgreSQL'),
  ...specs,
]
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 15);
console.log('\n=== where the time went (steps of a stage run side by side) ===');
for (const stage of STAGES) {
  for (const lane of stage) {
    for (const name of lane) {
      const p = done.find((d) => d.name === name);
      if (!p) continue;
      const state = p.note ? `skipped: ${p.note}` : p.code === 0 ? '' : `FAILED (exit ${p.code})`;
      const beside = stage.length > 1 ? '  (beside other steps)' : '';
      console.log(`${p.ms === undefined ? '      -' : seconds(p.ms)} s  ${name}${state ? `  ${state}` : beside}`);
    }
  }
}
console.log(`${seconds(Date.now() - started)} s  in all`);
if (specs.length) {
  console.log('\neach end-to-end spec (the sum of its tests, on two workers):');
  for (const s of specs) console.log(`${seconds(s.ms)} s  ${s.name}`);
}
if (slowest.length) {
  console.log('\nthe 15 slowest test files:');
  for (const s of slowest) console.log(`${seconds(s.ms)} s  ${s.name}`);
}
const failedTests = failures();
if (failedTests.length) {
  console.log(`\nwhat failed (${failedTests.length}):`);
  for (const f of failedTests) console.log(f.text);
}
if (failed) {
  console.log('\nnpm test: FAILED');
  process.exitCode = 1;
} else console.log('\nnpm test: passed');
