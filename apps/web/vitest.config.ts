import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // each file in a fresh thread (the root config reuses the node projects' processes; vitest.config.ts)
    pool: 'threads',
    setupFiles: ['src/test/setup.ts'],
    // the browser's time zone in every test, whatever the machine's (the end-to-end tests run in Chromium's)
    env: { TZ: 'UTC' },
    // a timeout catches a test that hangs, it measures no speed: under \`npm test\` these files share two cores with the
    // end-to-end tests' browsers and consoles (at a lower priority), where a render that takes 300 ms alone took more
    // than Vitest's 5 s, and a settings form's test of 9 s alone more than 30 s (three at once, while the duties' chaos
    // test and the accessibility walk ran): the node projects' limit, and twice more
    testTimeout: 120_000,
  },
});
