import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * What an operator watches besides HTTP and the process (issue 26), on the console's registry (`/metrics`): the
 * controllers' calls (count, time, errors: one histogram), the read caches' hits and misses, the jobs' runs, and
 * sign-ins refused by reason. Labels are bounded: a controller's name, a call's path with its site, ids and MACs
 * replaced, a cache's, a job's and a reason's own names.
 */
export function createOpsMetrics(registry: Registry) {
  const controllerCalls = new Histogram({
    name: 'it4u_controller_request_duration_seconds',
    help: 'Calls to the UniFi controllers, by controller, kind (the path with its site and ids replaced) and outcome',
    labelNames: ['controller', 'kind', 'outcome'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'it4u_cache_lookups_total',
    help: 'Reads through a cache, by cache and result (hit: an answer kept or being read; miss: a new read)',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'it4u_job_duration_seconds',
    help: 'Runs of the jobs (scheduled mail, backups, history pruning, site sync), by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'it4u_signin_refusals_total',
    help: 'Sign-ins refused, by reason (wrongCredentials, throttled, inactive)',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    registry,
    controllerCall(controller: string, kind: string, ok: boolean, seconds: number) {
      controllerCalls.observe({ controller, kind, outcome: ok ? 'ok' : 'error' }, seconds);
    },
    cacheLookup(cache: string, hit: boolean) {
      cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
    },
    /** Runs a job's work, counted and timed by its outcome. */
    async job<T>(name: string, run: () => Promise<T>): Promise<T> {
      const end = jobs.startTimer({ job: name });
      try {
        const value = await run();
        end({ outcome: 'ok' });
        return value;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      }
    },
    signinRefused(reason: 'wrongCredentials' | 'throttled' | 'inactive') {
      refusals.inc({ reason });
    },
  };
}

export type OpsMetrics = ReturnType<typeof createOpsMetrics>;

/** A controller call's kind: its path without the site, ids, MACs or query (a bounded label). */
export function callKind(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/^\/api\/s\/[^/]+/, '/api/s/{site}')
    .replace(/^\/v2\/api\/site\/[^/]+/, '/v2/api/site/{site}')
    .replace(/\/[0-9a-f]{24}(?=\/|$)/gi, '/{id}')
    .replace(/\/(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}(?=\/|$)/gi, '/{mac}');
}
