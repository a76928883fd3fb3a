import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // the browser's time zone in every test, whatever the machine's (the end-to-end tests run in Chromium's)
    env: { TZ: 'UTC' },
  },
});
