import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'unifi-sim',
    root: __dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
