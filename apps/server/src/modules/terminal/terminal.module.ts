import type { Actor } from '../../lib/context.ts';
import { mayDo } from '../../lib/context.ts';
import type { Resolve } from '../../lib/hosts.ts';
import type { Area, Core, Job } from '../../lib/module.ts';
import type { LiveSession } from '../../plugins/auth.ts';
import { createTerminalRepository, type TerminalRepository } from './terminal.repository.ts';

/** What a customer's page reads of the terminal: the sessions on the customer's devices. */
export type TerminalOfCustomer = Pick<TerminalRepository, 'ofDevices'>;

import { terminalRoutes, terminalSocket } from './terminal.routes.ts';
import { createTerminalService, type TerminalDevices, type TerminalOptions } from './terminal.service.ts';

/** How often the sessions crashed instances left open are looked for, besides at start-up. */
const SWEEP_MS = 5 * 60_000;

/**
 * Whether a terminal's sign-in still holds, as the auth check of a request would say: the session neither revoked
 * (signed out, blocked) nor expired, its user active and still allowed the terminal. Sessions' times are the wall
 * clock's, as the auth check reads them.
 */
export async function sessionHolds(load: (id: string) => Promise<LiveSession | undefined>, actor: Actor) {
  const session = await load(actor.sessionId);
  return Boolean(
    session &&
      !session.revokedAt &&
      session.expiresAt.getTime() > Date.now() &&
      session.user.id === actor.id &&
      session.user.status === 'Active' &&
      mayDo(session.user, 'terminal'),
  );
}

/** The remote terminal: SSH to the hosts recorded for a customer, audited and recorded. */
export function terminalModule(
  core: Core,
  deps: {
    /** the rows and stored passwords of the device information (its area's face for the terminal) */
    devices: TerminalDevices;
    siteLinks: (site: string) => Promise<{ wan: number; ip: string }[]>;
    adminPassword: () => Promise<string>;
    /** a sign-in session and its user (the auth check's store) */
    session: (id: string) => Promise<LiveSession | undefined>;
    options: TerminalOptions;
    now?: () => number;
    resolve?: Resolve;
    ownAddresses?: () => string[];
    log?: () => { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  },
) {
  const repository = createTerminalRepository(core.db);
  const service = createTerminalService({
    terminal: repository,
    devices: deps.devices,
    siteLinks: deps.siteLinks,
    adminPassword: deps.adminPassword,
    sessionLive: (actor) => sessionHolds(deps.session, actor),
    audit: core.audit,
    secretKey: core.key('secrets'),
    options: deps.options,
    now: deps.now ?? Date.now,
    resolve: deps.resolve,
    ownAddresses: deps.ownAddresses,
  });
  const routes: Area['routes'] = async (api) => terminalRoutes(api, { terminal: service });
  const socketRoutes: Area['routes'] = async (api) => terminalSocket(api, { terminal: service });

  // sessions left open by an instance that crashed: ended at start-up, then every few minutes
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    const ended = await service.endAbandoned();
    if (ended) deps.log?.().info({ sessions: ended }, 'terminal sessions left open by a stopped instance ended');
  };
  const abandoned: Job = {
    async start() {
      await sweep();
      timer = setInterval(
        () => void sweep().catch((err: unknown) => deps.log?.().warn({ err }, 'abandoned terminal sessions')),
        SWEEP_MS,
      );
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
  /** What the device information asks of the terminal: to drop the approvals of hosts a row no longer names. */
  const forDeviceInfo = { dropApprovalsExcept: repository.dropApprovalsExcept };
  const ofCustomer: TerminalOfCustomer = { ofDevices: repository.ofDevices };
  /** what the alerts read: the hosts offering a changed key */
  const forAlerts = { changedKeys: () => repository.changedKeys() };
  return { service, routes, socketRoutes, jobs: [abandoned], forDeviceInfo, ofCustomer, forAlerts };
}
