import { defineConfig } from '@playwright/test';

/**
 * The browser's environment: the tests' own, without libfaketime. Chromium does not start under it (its zygote
 * fails), so a run of the suite at another hour (`faketime`, see docs/operations.md) keeps the browser on the
 * machine's clock while the console and the tests run at the faked time.
 */
const browserEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && entry[0] !== 'LD_PRELOAD' && !entry[0].startsWith('FAKETIME'),
  ),
);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // each worker has a console of its own (support/test.ts), so the tests of one spec may run on both: two workers, one
  // a core; a spec whose tests follow each other says so (serial)
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // a hang detector, not a speed check (speed is measured in bench/): a journey of forty steps took 10 s on a quiet
  // machine and 60 s beside the unit tests on CI's two cores
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // the list as it runs, and each test's time for the table `npm test` ends with (scripts/test.mjs)
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-times/e2e.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // the console's offline worker answers for the page, out of page.route's reach: only the offline test lets it run
    serviceWorkers: 'block',
    // the reader asks for reduced motion (Playwright's emulation, which every context gets, the ones a spec makes
    // itself too): the console then animates no menu or dialog (antd's motion off), and a click never lands on a menu
    // still sliding in. Chromium's --force-prefers-reduced-motion flag is ignored by this Chromium: with it, the account
    // menu still scaled in over 300 ms, and a click's press and release met two items (e2e 04 on CI, the menu left open)
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      env: browserEnv,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  outputDir: '../test-results',
});
