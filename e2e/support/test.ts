import { test as base, expect } from '@playwright/test';
import { ADMIN_PASSWORD, type StartedConsole, startConsole } from './console.ts';

/**
 * Which console a spec runs on. `shared`: its worker's (every worker starts one, so two workers never meet); another
 * name: a console of that spec's own (a new worker), for a spec that changes what others count on (the site names of
 * 2,000 sites, another controller's sites) or needs the very first start (`first-start`: the generated password).
 */
export type ConsoleKind = 'shared' | 'first-start' | 'scale' | 'alerts' | 'certificates' | 'cloud';

type WorkerFixtures = {
  consoleKind: ConsoleKind;
  /** the worker's console: started before its first test, stopped after its last */
  console: StartedConsole;
};

/** Playwright's test, with a console per worker that every page, request and context of its tests talks to. */
export const test = base.extend<object, WorkerFixtures>({
  consoleKind: ['shared', { scope: 'worker', option: true }],
  console: [
    async ({ consoleKind }, use) => {
      const started = await startConsole({ adminPassword: consoleKind === 'first-start' ? undefined : ADMIN_PASSWORD });
      await use(started);
      await started.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ console }, use) => use(console.url),
});

export { expect };
