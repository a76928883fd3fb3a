import { DASHBOARD_REFRESH_MS } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import { dueJob } from '../../lib/dueJob.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import { createAlertDelivery, type MailForAlerts } from './alerts.delivery.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';
import type { AlertSources } from './alerts.sources.ts';

/** How often an instance looks at the sources, unless configured (ALERTS_EVERY_SECONDS). */
export const ALERTS_EVERY_MS = 60_000;

/**
 * Alerts: the conditions the console watches (access points, sites, controllers, WAN links, routers, channels,
 * scheduled mails and backups), read from the areas below through their faces every minute; each opens once its
 * rule's minutes have passed and resolves by itself, once across instances; those told about it hear of it on their
 * sockets, and its opening and resolving go by mail and to the webhooks an administrator set, once.
 */
export function alertsModule(
  core: Core,
  deps: {
    sources: AlertSources;
    /** the mail area, which sends the alerts' mail */
    mail: MailForAlerts;
    /** the delivery settings' value of the settings table */
    store: SettingsStore;
    now?: () => number;
    /** webhooks may go to loopback (the tests' receivers) */
    webhooksToLoopback?: boolean;
    /** private ranges webhooks may reach all the same (an administrator's WEBHOOKS_ALLOW_RANGES) */
    webhooksAllowRanges?: string;
    /** where the web app is reached, for the links of mails and webhooks */
    publicUrl?: string;
    /** how often to look (ms); 0: never on its own (tests look themselves) */
    everyMs?: number;
    log?: () => FastifyBaseLogger;
  },
) {
  const now = deps.now ?? Date.now;
  const repository = createAlertsRepository(core.db);
  const delivery = createAlertDelivery({
    alerts: repository,
    leases: core.leases,
    store: deps.store,
    mail: deps.mail,
    audit: core.audit,
    secretKey: core.key('secrets'),
    now,
    allowLoopback: deps.webhooksToLoopback,
    allowRanges: deps.webhooksAllowRanges,
    publicUrl: deps.publicUrl,
  });
  const service = createAlertsService({
    alerts: repository,
    leases: core.leases,
    sources: deps.sources,
    realtime: core.realtime,
    audit: core.audit,
    now,
    targets: delivery.targets,
    // the controllers' answers are read again within half the look's period (the dashboards' window at most): an
    // access point down is seen on the next look
    readTtlMs: Math.min((deps.everyMs ?? ALERTS_EVERY_MS) / 2, DASHBOARD_REFRESH_MS),
    everyMs: deps.everyMs ?? ALERTS_EVERY_MS,
  });
  const routes: Area['routes'] = async (api) => alertsRoutes(api, { alerts: service, delivery });
  const every = deps.everyMs ?? ALERTS_EVERY_MS;
  const jobs: Job[] =
    every > 0
      ? [
          dueJob({
            runDue: async () => {
              await core.ops.job('alerts', () => service.look());
              await core.ops.job('alertsDelivery', () => delivery.deliverDue());
              return now() + every;
            },
            lookAgainMs: every,
            firstAfterMs: Math.min(every, 5_000),
            now,
            onError: (err) => deps.log?.()?.warn({ err }, 'the alerts could not look at their sources'),
          }),
        ]
      : [];
  return { service, delivery, routes, jobs, sockets: service.sockets };
}
