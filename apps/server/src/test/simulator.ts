import { type Flavor, type Simulator, startSimulator } from '@it4u/unifi-sim';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../app.ts';
import type { ControllerConfig } from '../integrations/unifi/unifi.client.ts';
import { createTestApp, type Driver, drivers, type TestApp, tokenFor } from './helpers.ts';

/**
 * The clocks the simulator-backed tests run at: a Wednesday noon and the night before at 03:00, Vietnam time.
 * No test reads the wall clock for the controller: CI passes at 03:00 in Vietnam as at noon.
 */
export const SIM_CLOCKS = {
  noon: Date.UTC(2026, 4, 6, 5, 0),
  '03:00': Date.UTC(2026, 4, 5, 20, 0),
} as const;

export type SimClock = keyof typeof SIM_CLOCKS;
export const simClocks = Object.keys(SIM_CLOCKS) as SimClock[];

export type TestSimulator = { sim: Simulator; config: ControllerConfig; close(): Promise<void> };

/** A simulated controller on loopback whose clock stands still at the given time. */
export async function startTestSimulator(
  clock: SimClock,
  opts: { seed?: number; flavor?: Flavor; password?: string; apGroups?: boolean; tls?: boolean } = {},
): Promise<TestSimulator> {
  const password = opts.password ?? 'sim-pass';
  const sim = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    flavor: opts.flavor ?? 'classic',
    apGroups: opts.apGroups,
    username: 'admin',
    password,
    seed: opts.seed ?? 11,
    now: () => SIM_CLOCKS[clock],
    ...(opts.tls ? { tls: true as const } : {}),
  });
  return {
    sim,
    config: { url: sim.url, username: 'admin', password, verifyTls: true },
    close: () => sim.close(),
  };
}

/**
 * The controller-backed suites' cases: every clock on PGlite, and PostgreSQL at noon. The clock changes what the
 * console asks the controller and how it counts, not the SQL, which the PostgreSQL pass is there to check: a second
 * clock on it ran the same statements again (a quarter of these suites' time).
 */
export const simCases: (readonly [Driver, SimClock])[] = [
  ...simClocks.map((clock) => ['pglite', clock] as const),
  ...drivers.filter((driver) => driver !== 'pglite').map((driver) => [driver, 'noon'] as const),
];

/**
 * A suite's app on a simulated controller at a clock, with a technician signed in: made before the suite's tests,
 * closed after them. `call` sends as the technician unless given other headers.
 */
export function useControllerApp(
  driver: Driver,
  clock: SimClock,
  appOptions: Partial<Omit<AppOptions, 'database' | 'masterKey' | 'demoController' | 'now'>> = {},
  simOptions: Parameters<typeof startTestSimulator>[1] = {},
) {
  const suite = {} as { t: TestApp; sim: TestSimulator; kt: Record<string, string> };
  beforeAll(async () => {
    suite.sim = await startTestSimulator(clock, simOptions);
    suite.t = await createTestApp(driver, {
      ...appOptions,
      demoController: suite.sim.config,
      now: () => SIM_CLOCKS[clock],
    });
    suite.kt = (await tokenFor(suite.t, ['ROLE_KT'])).headers;
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.sim.close();
  });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => suite.t.app.inject({ method, url: `/api/v1${url}`, headers: headers ?? suite.kt, payload });
  return { suite, call };
}
