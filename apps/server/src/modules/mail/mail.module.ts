import type { CustomerInfo } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { MailSettingsStore } from '../settings/settings.module.ts';
import { createMailRepository } from './mail.repository.ts';
import { mailRoutes } from './mail.routes.ts';
import { createMailService, type MailService } from './mail.service.ts';

/** The longest wait between two looks at the schedule (another instance may have changed it). */
const LOOK_AGAIN_MS = 60_000;

/** Looks at the schedule at each of its times (and every minute): the report goes out once a time. */
function scheduleJob(mail: MailService, log: () => FastifyBaseLogger | undefined, ops: Core['ops']): Job {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  async function look() {
    let next: number | null = null;
    try {
      next = await ops.job('mail', () => mail.runDue());
    } catch (err) {
      log()?.warn({ err }, 'the scheduled report could not run');
    }
    if (stopped) return;
    const wait = next === null ? LOOK_AGAIN_MS : Math.min(LOOK_AGAIN_MS, Math.max(0, next - Date.now()) + 20);
    timer = setTimeout(look, wait);
    timer.unref();
  }
  return {
    async start() {
      stopped = false;
      await look();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      mail.close();
    },
  };
}

/** Mail: the Mailer tab's settings and log, the transport every mail goes through, the scheduled report. */
export function mailModule(
  core: Core,
  deps: {
    /** the settings area's store of the Mailer tab's settings */
    settings: MailSettingsStore;
    report: () => Promise<CustomerInfo[]>;
    now?: () => number;
    schedule?: boolean;
    log?: () => FastifyBaseLogger;
  },
) {
  const service = createMailService({
    mail: createMailRepository(core.db),
    settings: deps.settings,
    audit: core.audit,
    secretKey: core.key('secrets'),
    now: deps.now ?? Date.now,
    report: deps.report,
  });
  const routes: Area['routes'] = async (api) => mailRoutes(api, { mail: service });
  const jobs: Job[] = deps.schedule === false ? [] : [scheduleJob(service, deps.log ?? (() => undefined), core.ops)];
  return { service, routes, jobs };
}
