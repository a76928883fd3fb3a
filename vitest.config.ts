import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const WORKERS = Number(process.env.UNIT_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default: one worker on two cores. Much of a file's time is spent waiting
    // (sockets, timers, a restarted database) or importing, so two workers there take a third less time.
    // `npm test` asks for three (UNIT_WORKERS) while the end-to-end tests run beside them and leave a core idle at times
    maxWorkers: WORKERS,
    // as many at the least: Tinypool ends a worker left idle beyond the least, and one ended so while Vitest recycles
    // the workers between two projects (isolate: false below) is ended twice, the second time an unhandled rejection
    // ("Terminating worker thread") that failed the run and left the remaining projects unrun
    minWorkers: WORKERS,
    // The node projects (server, simulator, scripts) run their files one after another in each worker process, without
    // a new process per file: importing the app (Fastify, PGlite, every area) took 4.5 s a file, more than most files'
    // tests, so each worker imports it once. A file must leave nothing running behind it (its apps, servers and timers
    // closed), as a file that did would show in the next one. The web project needs a fresh document and module graph
    // per file (Testing Library binds `screen` to the first document): it runs on threads, isolated.
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'packages/unifi-sim/vitest.config.ts',
    ],
  },
});
