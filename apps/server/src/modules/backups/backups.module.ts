import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { dueJob } from '../../lib/dueJob.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import { createBackupsRepository } from './backups.repository.ts';
import { backupsRoutes } from './backups.routes.ts';
import { type BackupsConfig, createBackupsService } from './backups.service.ts';

/** The longest wait between two looks at the schedule (another instance may have made the backup). */
const LOOK_AGAIN_MS = 10 * 60_000;

/**
 * Backups: made on a schedule (BACKUP_HOURS) and on demand into the backups folder, keeping the newest BACKUP_KEEP;
 * the last result for administrators and in /metrics. Without a config (the tests) there is no schedule.
 */
export function backupsModule(
  core: Core,
  deps: {
    database: Database;
    masterKey: Buffer;
    config: BackupsConfig;
    metrics: Registry;
    now?: () => number;
    log: (err: unknown, message: string) => void;
  },
) {
  const service = createBackupsService({
    repository: createBackupsRepository(core.db),
    leases: core.leases,
    database: deps.database,
    masterKey: deps.masterKey,
    config: deps.config,
    audit: core.audit,
    now: deps.now ?? Date.now,
    log: deps.log,
  });
  new Gauge({
    name: 'it4u_backup_last_success_timestamp_seconds',
    help: 'When the last good backup started (seconds since 1970); NaN when none was made',
    registers: [deps.metrics],
    async collect() {
      const last = await service.lastOk();
      this.set(last ? last.startedAt.getTime() / 1000 : Number.NaN);
    },
  });
  new Gauge({
    name: 'it4u_backup_last_ok',
    help: 'Whether the last backup that ended was good: 1 yes, 0 failed, NaN none yet',
    registers: [deps.metrics],
    async collect() {
      const last = await service.lastEnded();
      this.set(last ? (last.ok ? 1 : 0) : Number.NaN);
    },
  });
  new Gauge({
    name: 'it4u_backup_last_size_bytes',
    help: 'The size of the last good backup file (bytes); NaN when none was made',
    registers: [deps.metrics],
    async collect() {
      const last = await service.lastOk();
      this.set(last?.bytes ?? Number.NaN);
    },
  });
  const routes: Area['routes'] = async (api) => backupsRoutes(api, { backups: service });
  // the schedule is looked at when the next backup is due, and every 10 minutes (another instance may have made it);
  // the first look is a few seconds after the start, which a backup never holds up
  const jobs: Job[] =
    deps.config.everyHours > 0
      ? [
          dueJob({
            runDue: () => core.ops.job('backup', () => service.runDue()),
            lookAgainMs: LOOK_AGAIN_MS,
            firstAfterMs: 5_000,
            now: deps.now,
            onError: (err) => deps.log(err, 'the scheduled backup could not run'),
            onStop: () => service.idle(),
          }),
        ]
      : [];
  return { service, routes, jobs };
}
