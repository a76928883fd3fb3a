import type { CustomerInfo } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import { dueJob } from '../../lib/dueJob.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import { createMailRepository } from './mail.repository.ts';
import { mailRoutes } from './mail.routes.ts';
import { createMailService } from './mail.service.ts';

/** The longest wait between two looks at the schedule (another instance may have changed it). */
const LOOK_AGAIN_MS = 60_000;

/** Mail: the Mailer tab's settings and log, the transport every mail goes through, the scheduled report. */
export function mailModule(
  core: Core,
  deps: {
    /** the settings area's store of the Mailer tab's settings */
    settings: SettingsStore;
    report: () => Promise<CustomerInfo[]>;
    resenders?: Parameters<typeof createMailService>[0]['resenders'];
    now?: () => number;
    schedule?: boolean;
    log?: () => FastifyBaseLogger;
  },
) {
  const repository = createMailRepository(core.db);
  const service = createMailService({
    mail: repository,
    leases: core.leases,
    settings: deps.settings,
    audit: core.audit,
    secretKey: core.key('secrets'),
    now: deps.now ?? Date.now,
    report: deps.report,
    resenders: deps.resenders,
  });
  const routes: Area['routes'] = async (api) => mailRoutes(api, { mail: service });
  // the schedule is looked at on each of its times, and every minute: the report goes out once a time
  const jobs: Job[] =
    deps.schedule === false
      ? []
      : [
          dueJob({
            runDue: () => core.ops.job('mail', () => service.runDue()),
            lookAgainMs: LOOK_AGAIN_MS,
            now: deps.now,
            onError: (err) => deps.log?.()?.warn({ err }, 'the scheduled report could not run'),
            onStop: () => service.close(),
          }),
        ];
  /** what the alerts read: each scheduled mail's last run */
  const forAlerts = { lastRuns: () => repository.lastRuns() };
  return { service, routes, jobs, forAlerts };
}
