import type { FastifyBaseLogger } from 'fastify';
import { dueJob } from '../../lib/dueJob.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { ChannelsForSla } from '../channels/channels.module.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import type { WanLinksOfSla } from '../wanLinks/wanLinks.module.ts';
import { createSlaMail, type MailForSla } from './sla.mail.ts';
import { slaRoutes } from './sla.routes.ts';
import { createSlaService } from './sla.service.ts';

/** The longest wait between two looks at the monthly mail (another instance may have changed its settings). */
const LOOK_AGAIN_MS = 60_000;

/**
 * Providers and customers against their contracts: nothing stored but the monthly mail's settings; the WAN links'
 * history read through the customer report's face and measured per provider, service pack, customer and link; the
 * report as a PDF, mailed on the 1st through the mail area.
 */
export function slaModule(
  core: Core,
  deps: {
    wanLinks: WanLinksOfSla;
    channels: ChannelsForSla;
    mail: MailForSla;
    settings: SettingsStore;
    customerName: (id: number) => Promise<string | undefined>;
    now?: () => number;
    schedule?: boolean;
    log?: () => FastifyBaseLogger;
  },
) {
  const now = deps.now ?? Date.now;
  const service = createSlaService({ wanLinks: deps.wanLinks, channels: deps.channels, now });
  const mail = createSlaMail({
    sla: service,
    mail: deps.mail,
    store: deps.settings,
    customerName: deps.customerName,
    audit: core.audit,
    now,
  });
  const routes: Area['routes'] = async (api) => slaRoutes(api, { sla: service, mail });
  const jobs: Job[] =
    deps.schedule === false
      ? []
      : [
          dueJob({
            runDue: () => core.ops.job('slaMail', () => mail.runDue()),
            lookAgainMs: LOOK_AGAIN_MS,
            now,
            onError: (err) => deps.log?.()?.warn({ err }, 'the monthly availability mail could not run'),
          }),
        ];
  return { service, mail, routes, jobs };
}
