import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'unifi-sim',
    root: __dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // a timeout catches a test that hangs, it measures no speed. Under `npm test` these files run at a lower priority
    // (nice 5) beside the end-to-end tests' browsers and consoles: the 2,000-site stat/sites test, 1.3 s alone, took
    // more than 20 s there while two consoles behind HAProxy restarted (the whole file of the fleet's tests, 2.6 s
    // alone, took 45 s). The server's files have the same limit
    testTimeout: 60_000,
  },
});
