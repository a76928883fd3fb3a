import type { FastifyBaseLogger } from 'fastify';
import type { Area, Core } from '../../lib/module.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createSessionRepository } from './sessions.repository.ts';
import { createLoginNotices } from './users.notices.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Users, their roles and sites, profiles, passwords and sessions. */
export function usersModule(
  core: Core,
  deps: {
    sites: SitesService;
    /** the mail area (made after this one), for the notice of a changed e-mail address or username */
    mail?: () => MailService;
    log?: () => FastifyBaseLogger;
  },
) {
  const repository = createUsersRepository(core.db);
  const stored = createSessionRepository(core.db);
  // an ended session's sockets close at once, on every instance
  const sessions: typeof stored = {
    ...stored,
    async revoke(id) {
      await stored.revoke(id);
      core.realtime.endSession(id);
    },
    async revokeAllOfUser(userId, exceptId, within) {
      const n = await stored.revokeAllOfUser(userId, exceptId, within);
      core.realtime.endUser(userId, exceptId);
      return n;
    },
  };
  const notices = deps.mail && createLoginNotices(deps.mail);
  const service = createUsersService({
    users: repository,
    sessions,
    audit: core.audit,
    sites: deps.sites,
    // sent after the answer; what became of it is in the mail log (never the mail's text in the server's log)
    notify: (change) =>
      void notices
        ?.send(change)
        .catch((err: unknown) => deps.log?.().warn({ err }, 'a sign-in details notice could not be sent')),
  });
  const routes: Area['routes'] = async (api) => usersRoutes(api, { users: service });
  return { repository, sessions, service, routes };
}
